import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { formatDurationMs } from '../text/duration';
import { firstDifference } from '../text/first-difference';
import { ENV_GROUPS, ENV_VARIABLES, envDefault, EnvironmentVariables, type EnvVariable } from './environment';

/**
 * `.env.example` and the variables tables of docs/operations.md, written from the declarations in
 * ./environment.ts: each variable's default from its field, what it accepts from its validators,
 * its section, documentation and production rule from its `@Env`. `npm run config:docs`
 * (scripts/config-docs.ts) writes them; env-docs.spec.ts fails while the committed files differ.
 */

export const CONFIG_DOCS_COMMAND = 'npm run config:docs';
export const CONFIG_BEGIN = '<!-- config:begin -->';
export const CONFIG_END = '<!-- config:end -->';

/** A variable's facts as the docs print them. */
interface Described {
  readonly name: string;
  /** Markdown: `4000`, "(required)", "`memory`; `smtp` in production"… */
  readonly default: string;
  /** The default where `.env.example`'s line cannot show it (it depends on NODE_ENV, or is made up). */
  readonly defaultInWords: string | undefined;
  readonly required: boolean;
  /** What it accepts, in words ("0 to 65535", "`redis://` or `rediss://` URL"). */
  readonly accepts: string;
  readonly production: string;
  readonly doc: string;
  /** The value `.env.example` assigns. */
  readonly example: string;
}

const validators = (name: string) =>
  getMetadataStorage()
    .getTargetValidationMetadatas(EnvironmentVariables, '', true, false)
    .filter((m) => m.propertyName === name);

const code = (value: string | number) => `\`${value}\``;
const orList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
const unitOf = (name: string) => (name.endsWith('_MS') ? ' ms' : name.endsWith('_SECONDS') ? ' seconds' : '');

/** What the validators of a variable accept. */
function accepts(variable: EnvVariable): string {
  const metas = validators(variable.name);
  const constraint = (rule: string): unknown[] | undefined => metas.find((m) => m.name === rule)?.constraints;
  const parts: string[] = [];
  if (variable.values) parts.push(variable.values);
  const isIn = constraint('isIn');
  if (isIn) parts.push(orList((isIn[0] as string[]).map(code)));
  const url = constraint('isUrl');
  if (url) parts.push(`${orList((url[0] as { protocols: string[] }).protocols.map((p) => code(`${p}://`)))} URLs`);
  const [min] = (constraint('min') ?? []) as number[];
  const [max] = (constraint('max') ?? []) as number[];
  if (min !== undefined)
    parts.push(max === undefined ? `at least ${min}${unitOf(variable.name)}` : `${min} to ${max}${unitOf(variable.name)}`);
  const [minLength] = (constraint('minLength') ?? []) as number[];
  if (minLength !== undefined) parts.push(`at least ${minLength} characters`);
  return parts.join(', ') || 'text';
}

function describe(variable: EnvVariable): Described {
  const value = envDefault(variable.name);
  const required = value === undefined && !validators(variable.name).some((m) => m.type === 'conditionalValidation');
  const nodeEnvDefaults = variable.byNodeEnv as { production: string; otherwise: string } | undefined;
  const byNodeEnv = nodeEnvDefaults && `${code(nodeEnvDefaults.otherwise)}; ${code(nodeEnvDefaults.production)} in production`;
  const defaultInWords = byNodeEnv ?? variable.defaultNote;
  let shown: string;
  if (defaultInWords) shown = defaultInWords;
  else if (required) shown = '(required)';
  else if (value === undefined) shown = 'unset';
  else if (value === '') shown = 'empty';
  else shown = code(value);
  // A lifetime or period of a minute or more is also given in words: `86400000` (1 day).
  const ms = typeof value === 'number' ? value * (variable.name.endsWith('_SECONDS') ? 1000 : variable.name.endsWith('_MS') ? 1 : 0) : 0;
  const duration = ms >= 60_000 ? formatDurationMs(ms) : undefined;
  if (duration) shown += ` (${duration})`;
  return {
    name: variable.name,
    default: shown,
    defaultInWords: defaultInWords ?? duration,
    required,
    accepts: accepts(variable),
    production: variable.production?.rule ?? '',
    doc: variable.doc,
    example: variable.example ?? (value === undefined ? '' : String(value)),
  };
}

const grouped = () =>
  (Object.keys(ENV_GROUPS) as (keyof typeof ENV_GROUPS)[]).map((group) => ({
    ...(ENV_GROUPS[group] as { title: string; intro?: string }),
    variables: ENV_VARIABLES.filter((v) => v.group === group).map(describe),
  }));

/** Words wrapped into `# ` comment lines of at most `width` characters. */
function comment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '#';
  // A word, or an inline code span with what is glued to it: code is never split across lines.
  for (const word of text.match(/(?:`[^`]*`|\S)+/g) ?? []) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

const plain = (markdown: string) => markdown.replace(/\*\*/g, '');
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The whole of `.env.example`. */
export function renderEnvExample(): string {
  const out = [
    ...comment(
      `Every variable the service reads, written by \`${CONFIG_DOCS_COMMAND}\` from src/core/config/environment.ts: edit them there. Start-up validates all of them and names every bad one. \`cp .env.example .env\` for local runs: the service and \`npm run migrate\` read .env for whatever the environment does not set (ENV_FILE names another file; ENV_FILE= turns it off). docs/operations.md has the same in tables.`,
    ),
  ];
  for (const group of grouped()) {
    out.push('', `# ---- ${group.title} ----`);
    for (const v of group.variables) {
      const facts = [sentence(plain(v.doc)), `Accepts ${sentence(v.accepts)}`];
      if (v.required) facts.push('Required.');
      if (v.defaultInWords) facts.push(`Default: ${sentence(v.defaultInWords)}`);
      if (v.production) facts.push(`Production: ${lowerFirst(v.production)}`);
      out.push('', ...comment(facts.join(' ')), `${v.name}=${v.example}`);
    }
  }
  return `${out.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The markdown docs/operations.md holds between its config markers (markers excluded). */
export function renderConfigTables(): string {
  const out = [`<!-- Written by \`${CONFIG_DOCS_COMMAND}\` from src/core/config/environment.ts: edit the declarations there. -->`];
  for (const group of grouped()) {
    out.push('', `### ${group.title}`, '');
    if (group.intro) out.push(group.intro, '');
    out.push('| Variable | Default | Accepts | Production | What it does |', '|---|---|---|---|---|');
    for (const v of group.variables) {
      out.push(`| ${[code(v.name), v.default, v.accepts, v.production, v.doc].map(cell).join(' | ')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** `text` with what lies between its config markers replaced by `body`. */
export function spliceConfigTables(text: string, body: string, file = 'docs/operations.md'): string {
  const begin = text.indexOf(CONFIG_BEGIN);
  const end = text.indexOf(CONFIG_END);
  if (begin < 0 || end < begin) throw new Error(`${file} has no ${CONFIG_BEGIN} … ${CONFIG_END} section for the variables tables`);
  return `${text.slice(0, begin + CONFIG_BEGIN.length)}\n${body}${text.slice(end)}`;
}

/** The repository root. */
export const REPOSITORY_ROOT = join(__dirname, '..', '..', '..');

/** Each generated file: its path in the repository, what it holds now and what it should hold. */
export function configDocFiles(root = REPOSITORY_ROOT): { path: string; actual: string; expected: string }[] {
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const operations = read('docs/operations.md');
  return [
    { path: '.env.example', actual: read('.env.example'), expected: renderEnvExample() },
    { path: 'docs/operations.md', actual: operations, expected: spliceConfigTables(operations, renderConfigTables()) },
  ];
}

/** Why a generated file is stale and how to fix it, with where it first differs. */
export function staleReport(file: { path: string; actual: string; expected: string }): string {
  return `${file.path} differs from what src/core/config/environment.ts declares: run \`${CONFIG_DOCS_COMMAND}\`. First difference at ${firstDifference(file.actual, file.expected)}`;
}
