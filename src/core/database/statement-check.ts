import type { PgType } from './pg-types';
import type { StatementDescription } from './pipeline/describe';
import type { Statement } from './statement';

/**
 * What is wrong with a statement's declaration against Postgres's description of it (an empty
 * list when nothing is): its row columns must be exactly the described ones, in order, each of a
 * type its tag accepts; it must declare as many parameters as the text has, each of a type its
 * tag accepts. `typeName` turns a type OID into its pg_type.typname.
 */
export function statementMismatches(s: Statement, d: StatementDescription, typeName: (oid: number) => string): string[] {
  const problems: string[] = [];
  const accepts = (tag: PgType<unknown, unknown>, oid: number) => tag.pg.includes(typeName(oid)) || tag.pg.includes('unknown');
  const declared = Object.keys(s.row);
  const described = d.fields.map((f) => f.name);
  if (declared.join(',') !== described.join(',')) {
    problems.push(`${s.label}: declares columns (${declared.join(', ')}) but Postgres returns (${described.join(', ')})`);
  }
  for (const f of d.fields) {
    const tag = s.row[f.name];
    if (tag && !accepts(tag, f.dataTypeID)) {
      problems.push(`${s.label}: column ${f.name} is ${typeName(f.dataTypeID)}, declared as one of ${tag.pg.join('/')}`);
    }
  }
  if (s.params.length !== d.params.length) {
    problems.push(`${s.label}: declares ${s.params.length} parameters but its text has ${d.params.length}`);
  } else {
    d.params.forEach((oid, i) => {
      if (!accepts(s.params[i], oid)) {
        problems.push(`${s.label}: parameter $${i + 1} is ${typeName(oid)}, declared as one of ${s.params[i].pg.join('/')}`);
      }
    });
  }
  return problems;
}
