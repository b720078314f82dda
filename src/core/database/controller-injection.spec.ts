import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * Controllers go through services: a `*.controller.ts` injects no repository (nor the database
 * itself), so the rules of a feature (whose workspace, who may do what) sit in a service that
 * every caller shares, and only that service calls the repositories. This reads the constructor
 * parameters and properties of every class in every controller file and names each one typed as a
 * `*Repository` (TypeORM's `Repository<T>` included), a DataSource or an EntityManager, or
 * injected by `@InjectRepository`, `@InjectDataSource` or `@InjectEntityManager`.
 */
const SRC = join(__dirname, '..', '..');

const FORBIDDEN_TYPE = /(^|\.)(\w*Repository|DataSource|EntityManager)$/;
const FORBIDDEN_DECORATOR = /^(InjectRepository|InjectDataSource|InjectEntityManager)$/;

/** `name: Type` of every injected member that reaches the database directly, with its line. */
function databaseInjections(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (member: ts.ParameterDeclaration | ts.PropertyDeclaration): void => {
    const typeName = member.type && ts.isTypeReferenceNode(member.type) ? member.type.typeName.getText(file) : undefined;
    const decorators = (ts.getDecorators(member) ?? []).map((d) =>
      ts.isCallExpression(d.expression) ? d.expression.expression.getText(file) : d.expression.getText(file),
    );
    if ((typeName && FORBIDDEN_TYPE.test(typeName)) || decorators.some((d) => FORBIDDEN_DECORATOR.test(d))) {
      const line = file.getLineAndCharacterOfPosition(member.getStart(file)).line + 1;
      found.push(`${line}: ${member.name.getText(file)}: ${typeName ?? '?'}`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isConstructorDeclaration(node)) node.parameters.forEach(check);
    else if (ts.isPropertyDeclaration(node)) check(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('Controllers inject services, not repositories', () => {
  it('finds a repository, a DataSource or an EntityManager however it is injected', () => {
    const sample = [
      'export class SampleController {',
      '  @InjectRepository(Thing) private readonly things: Repository<Thing>;',
      '  @Inject() private readonly audit: AuditService;',
      '  constructor(',
      '    private readonly service: SampleService,',
      '    private readonly repo: SampleRepository,',
      '    @InjectDataSource() private readonly db: DataSource,',
      '    private readonly m: typeorm.EntityManager,',
      '    @InjectDataSource() private readonly untyped,',
      '    private readonly repositories: RepositoryList,',
      '  ) {}',
      '}',
    ].join('\n');
    expect(databaseInjections('sample.controller.ts', sample)).toEqual([
      '2: things: Repository',
      '6: repo: SampleRepository',
      '7: db: DataSource',
      '8: m: typeorm.EntityManager',
      '9: untyped: ?',
    ]);
  });

  it('finds none in the controllers of src/', () => {
    const controllers = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.controller.ts'));
    expect(controllers.length).toBeGreaterThan(0);
    const injected = controllers.flatMap((path) =>
      databaseInjections(path, readFileSync(join(SRC, path), 'utf8')).map((hit) => `src/${path.split('\\').join('/')}:${hit}`),
    );
    expect(injected).toEqual([]);
  });
});
