import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import { previewDocument } from '../scripts/sdk-openapi';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The JSON in the docs is checked against the OpenAPI document the service serves, so a doc
 * cannot show a field the service does not send (or miss one it requires):
 *
 * - every ```json block in README.md and docs/ is preceded by a comment line naming what it shows,
 *   and must validate against it: `<!-- example: <Schema> -->` (a schema of the document's
 *   components), `<!-- example: POST /scim/v2/Users 409 -->` (an operation's response) or
 *   `<!-- example: POST /api/v1/register request -->` (an operation's JSON request body);
 * - every JSON body a curl example sends with `-d` must validate against the request body of the
 *   route it is sent to (found from the command's URL and method).
 *
 * Validation is strict where the document is open: an object that lists its properties accepts no
 * others. Formats are not checked, and a string holding a shell variable (`"$PASSWORD"`) is not
 * checked at all: the reader supplies it.
 */
const ROOT = join(__dirname, '..');
const DOCS = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];

type Schema = Record<string, unknown>;
interface OperationObject {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** OpenAPI 3.0 schema → JSON Schema for Ajv: `nullable` becomes a null type; listed properties close the object. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable' || key === 'example' || key === 'examples') continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v)]))
        : toJsonSchema(value);
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.anyOf && !out.oneOf) out.additionalProperties = false;
  if ((node as Schema).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

interface Example {
  file: string;
  line: number;
  json: string;
}

/** ```json blocks with the schema named by the comment line right before each. */
function jsonBlocks(file: string): (Example & { schema: string | undefined })[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: (Example & { schema: string | undefined })[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```json') continue;
    const end = lines.findIndex((l, n) => n > i && l.trim() === '```');
    const marker = /^<!--\s*example:\s*(.+?)\s*-->$/.exec((lines[i - 1] ?? '').trim());
    blocks.push({ file, line: i + 1, json: lines.slice(i + 1, end).join('\n'), schema: marker?.[1] });
    i = end;
  }
  return blocks;
}

/** curl commands (continuation lines joined) that send a JSON body with `-d`. */
function curlBodies(file: string): (Example & { method: string; path: string })[] {
  const text = readFileSync(file, 'utf8');
  const found: (Example & { method: string; path: string })[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/\bcurl\b/.test(lines[i])) continue;
    const start = i;
    let command = lines[i];
    while (/\\\s*$/.test(lines[i]) && i + 1 < lines.length) command = `${command.replace(/\\\s*$/, ' ')}${lines[++i]}`;
    const single = /\s-d\s+'([^']*)'/.exec(command);
    const double = /\s-d\s+"((?:[^"\\]|\\.)*)"/.exec(command);
    const body = single?.[1] ?? double?.[1].replace(/\\"/g, '"');
    if (body === undefined || !/^\s*[{[]/.test(body)) continue;
    // The first URL that is not a file of an option (`-b "$WORK/cookies"`, `-o "$WORK/answer.json"`).
    const url = [...command.matchAll(/(\S+\s+)?["']?(?:https?:\/\/[^/\s"']+|\$[A-Z_]+|\$\{[A-Z_]+\})(\/[^\s"'?]*)/g)].find(
      (m) => !/^(-[bco]|--cookie|--cookie-jar|--output)\s+$/.test(m[1] ?? ''),
    );
    const method = /\s-X\s*([A-Z]+)/.exec(command)?.[1] ?? 'POST';
    found.push({ file, line: start + 1, json: body, method: method.toLowerCase(), path: url?.[2] ?? '' });
  }
  return found;
}

/** The OpenAPI path a concrete one belongs to (`/api/v1/x/$ID/y` → `/api/v1/x/{id}/y`). */
function templateOf(doc: OpenAPIObject, path: string): string | undefined {
  const parts = path.split('/');
  return Object.keys(doc.paths).find((template) => {
    const t = template.split('/');
    return t.length === parts.length && t.every((seg, n) => seg === parts[n] || /^\{.+\}$/.test(seg));
  });
}

describe('JSON examples in the docs match the OpenAPI document', () => {
  let doc: OpenAPIObject;
  let ajv: Ajv;
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    doc = await previewDocument();
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'openapi', components: toJsonSchema(doc.components) as Schema });
  }, 60_000);

  /** Ajv's errors for a value, leaving out those about a string the reader fills in (`$VAR`). */
  const validate = (schema: Schema, value: unknown): string[] => {
    const key = JSON.stringify(schema);
    let check = validators.get(key);
    if (!check) {
      // References point into the components registered as `openapi`.
      const rebased = JSON.parse(JSON.stringify(toJsonSchema(schema)).replace(/"#\/components\//g, '"openapi#/components/')) as Schema;
      validators.set(key, (check = ajv.compile(rebased)));
    }
    if (check(value)) return [];
    const at = (pointer: string): unknown =>
      pointer
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (node, part) =>
            node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
          value,
        );
    return (check.errors ?? [])
      .filter((e) => !(typeof at(e.instancePath) === 'string' && (at(e.instancePath) as string).includes('$')))
      .map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      );
  };

  /** What a marker names: a component schema, `METHOD /path STATUS` or `METHOD /path request`. */
  const schemaNamed = (name: string): Schema | undefined => {
    if (doc.components?.schemas?.[name]) return { $ref: `#/components/schemas/${name}` };
    const [method, path, which] = name.split(/\s+/);
    const operation = (doc.paths[path] as Record<string, OperationObject> | undefined)?.[method?.toLowerCase()];
    const content = which === 'request' ? operation?.requestBody?.content : operation?.responses?.[which]?.content;
    return content ? Object.values(content)[0]?.schema : undefined;
  };

  it('finds examples to check (the scan itself works)', () => {
    expect(DOCS.flatMap(jsonBlocks).length).toBeGreaterThanOrEqual(4);
    expect(DOCS.flatMap(curlBodies).length).toBeGreaterThanOrEqual(5);
  });

  it('every ```json block names its schema and validates against it', () => {
    const problems: string[] = [];
    for (const block of DOCS.flatMap(jsonBlocks)) {
      const where = `${relative(ROOT, block.file)}:${block.line}`;
      if (!block.schema) {
        problems.push(`${where}: no <!-- example: Schema --> line before the block`);
        continue;
      }
      const schema = schemaNamed(block.schema);
      if (!schema) {
        problems.push(`${where}: ${block.schema} is not a schema, a response or a request body of the OpenAPI document`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(block.json);
      } catch (err) {
        problems.push(`${where}: not JSON (${(err as Error).message})`);
        continue;
      }
      for (const error of validate(schema, value)) problems.push(`${where} (${block.schema}): ${error}`);
    }
    expect(problems).toEqual([]);
  });

  it('every JSON body a curl example sends is valid for the route it is sent to', () => {
    const problems: string[] = [];
    for (const body of DOCS.flatMap(curlBodies)) {
      const where = `${relative(ROOT, body.file)}:${body.line}`;
      const template = templateOf(doc, body.path);
      const operation = template ? (doc.paths[template] as Record<string, OperationObject>)[body.method] : undefined;
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      if (!operation || !METHODS.includes(body.method as (typeof METHODS)[number])) {
        problems.push(`${where}: ${body.method.toUpperCase()} ${body.path} is not an operation of the document`);
        continue;
      }
      if (!schema) {
        problems.push(`${where}: ${body.method.toUpperCase()} ${template} takes no JSON body`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(body.json);
      } catch (err) {
        problems.push(`${where}: not JSON (${(err as Error).message})`);
        continue;
      }
      for (const error of validate(schema, value)) problems.push(`${where} (${body.method.toUpperCase()} ${template}): ${error}`);
    }
    expect(problems).toEqual([]);
  });

  it('a field the schema does not have is caught (the check can fail)', () => {
    const ready = schemaNamed('GET /ready 200')!;
    const report = {
      status: 'ok',
      timestamp: '2026-01-01T00:00:00.000Z',
      checks: {
        repo: { status: 'ok', latency_ms: 3 },
        migrations: { status: 'ok', pending: 0 },
        oban: { status: 'ok', queues: { mailer: { status: 'ok', concurrency: 4 } } },
      },
    };
    expect(validate(ready, report)).toEqual([]);
    expect(validate(ready, { ...report, checks: { ...report.checks, repo: { status: 'ok', latency: 3 } } })).toEqual([
      '/checks/repo must NOT have additional properties (latency)',
    ]);
    expect(validate(schemaNamed('HealthResponseDto')!, { status: 'ok' })).toEqual(["/ must have required property 'timestamp'"]);
  });
});
