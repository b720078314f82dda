import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secrets scan of the audit log (issue 53, item 5): no audit event may hold a secret the
 * service issues, a hash of one, or a password. Run over every event the e2e suite wrote by the
 * e2e project's global teardown (test/support/global-teardown.ts), like the secrets-in-logs test
 * does over a build's output; test/audit-secrets-scan.e2e-spec.ts proves it flags each shape.
 */

/** The globalThis key where global-setup.ts leaves the transaction id the run's audit events come after. */
export const AUDIT_SCAN_FROM = '__auditSecretsScanFromTxid';

export interface SecretShape {
  name: string;
  /** Where in `text` the shape occurs (the first match), or null. */
  find(text: string): string | null;
}

const regexShape = (name: string, pattern: RegExp): SecretShape => ({ name, find: (text) => pattern.exec(text)?.[0] ?? null });

/** 32 random bytes in base64url (access, socket and engagement tokens, the secret half of a key): 43 characters, mixed. */
const TOKEN_43 = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const looksRandom = (s: string) => /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s);

export const SECRET_SHAPES: readonly SecretShape[] = [
  // agk_ keys, age_ enrollment tokens, mpk_ partner keys, aot_ operator API tokens: <kind>_<prefix>.<secret>
  regexShape('prefixed key or token (agk_/age_/mpk_/aot_)', /\b(?:agk|age|mpk|aot)_[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{16,}/),
  regexShape('SCIM token (scim_)', /\bscim_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/),
  regexShape('webhook signing secret (whsec_)', /\bwhsec_[A-Za-z0-9+/_-]{16,}/),
  regexShape('recovery code', /(?<![A-Za-z0-9-])[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}(?![A-Za-z0-9-])/),
  regexShape('TOTP seed (base32)', /(?<![A-Za-z0-9])[A-Z2-7]{32}(?![A-Za-z0-9])/),
  regexShape('bcrypt hash', /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/),
  regexShape('SHA-256 hex', /(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/),
  regexShape('SHA-256 base64', /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=/),
  {
    name: '32-byte base64url token',
    find: (text) => [...text.matchAll(TOKEN_43)].map((m) => m[0]).find(looksRandom) ?? null,
  },
];

/** Passwords made at run time by the suites (test/secrets-hygiene, test/register). */
const GENERATED_PASSWORDS = [/\bPw-[0-9a-f]{24}\b/, /\bpw-\S+?-long-enough\b/];

/** A password-like name assigned a string literal of 8 characters or more, in a test source. */
const PASSWORD_LITERAL = /\b(?:\w*PASSWORD\w*|\w*[pP]assword\w*)\s*[:=]\s*(['"`])([^'"`\\\n$]{8,})\1/g;

/** Every password literal of the e2e suites' sources (test/**\/*.ts), so a new suite's are covered too. */
export function testPasswords(root = join(__dirname, '..')): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(PASSWORD_LITERAL)) found.add(m[2]);
    }
  };
  walk(root);
  return [...found];
}

/** What a value is allowed to hold although it has a secret's shape: an OTA artifact's SHA-256 is a published checksum. */
const ALLOWED: { action: RegExp; path: RegExp; shape: string }[] = [
  { action: /^ota_update\./, path: /^changes\.sha256\[[01]\]$/, shape: 'SHA-256 hex' },
];

/** The names of the shapes (and test passwords) found in `text`. */
export function findSecrets(text: string, passwords: readonly string[]): { shape: string; match: string }[] {
  const out: { shape: string; match: string }[] = [];
  for (const s of SECRET_SHAPES) {
    const match = s.find(text);
    if (match !== null) out.push({ shape: s.name, match });
  }
  for (const p of GENERATED_PASSWORDS) {
    const match = p.exec(text)?.[0];
    if (match) out.push({ shape: 'test password', match });
  }
  for (const p of passwords) if (text.includes(p)) out.push({ shape: 'test password', match: p });
  return out;
}

export interface AuditSecretOffender {
  id: string;
  workspace_id: string;
  action: string;
  /** The column, and for `changes` the path in it (`changes.name[1]`). */
  field: string;
  shape: string;
  /** The start of what matched, never all of it. */
  sample: string;
}

/** Anything that runs SQL with parameters: a pg Client or Pool, or TypeORM's DataSource. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const rowsOf = async <T>(db: SqlRunner, sql: string, params: unknown[] = []): Promise<T[]> => {
  const result = (await db.query(sql, params)) as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
};

/** Columns that hold the chain's own hashes (where a 64-hex value is the point): not scanned. */
const CHAIN_COLUMNS = new Set(['hash', 'prev_hash']);
const BATCH = 2_000;

/** Every string of a JSON value (keys too), with its path. */
function* stringsOf(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsOf(v, `${path}[${i}]`);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield [`${path} (key)`, k];
      yield* stringsOf(v, `${path}.${k}`);
    }
  }
}

/**
 * Scans audit_events rows (all of them, or those written after the transaction `afterTxid`, or
 * one workspace's) for secret shapes and the test passwords, in every text column and every
 * string of `changes`; the chain's hash columns are left out. The columns are read from the
 * catalog, so a column added later is scanned too.
 */
export async function scanAuditEvents(
  db: SqlRunner,
  opts: { afterTxid?: string; workspaceId?: string; passwords?: readonly string[] } = {},
): Promise<{ scanned: number; offenders: AuditSecretOffender[] }> {
  const passwords = opts.passwords ?? testPasswords();
  const columns = (
    await rowsOf<{ column_name: string; data_type: string }>(
      db,
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'audit_events'
         AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'inet')
       ORDER BY ordinal_position`,
    )
  ).filter((c) => !CHAIN_COLUMNS.has(c.column_name));
  if (columns.length === 0) throw new Error('audit_events has no text column: the scan would be vacuous');
  const select = columns
    .map((c) => (c.data_type === 'inet' ? `a.${c.column_name}::text AS ${c.column_name}` : `a.${c.column_name}`))
    .join(', ');
  const offenders: AuditSecretOffender[] = [];
  let scanned = 0;
  let after: { txid: string; id: string } | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await rowsOf<Record<string, unknown>>(
      db,
      `SELECT a.id::text AS "__id", a.txid::text AS "__txid", a.workspace_id::text AS "__ws", a.action AS "__action", ${select}
       FROM audit_events a
       WHERE ($1::text IS NULL OR a.txid > $1::text::xid8) AND ($2::uuid IS NULL OR a.workspace_id = $2::uuid)
         AND ($3::text IS NULL OR (a.txid, a.id) > ($3::text::xid8, $4::uuid))
       ORDER BY a.txid, a.id LIMIT ${BATCH}`,
      [opts.afterTxid ?? null, opts.workspaceId ?? null, after?.txid ?? null, after?.id ?? null],
    );
    for (const row of rows) {
      const action = String(row.__action);
      for (const { column_name: column } of columns) {
        for (const [field, text] of stringsOf(row[column], column)) {
          for (const found of findSecrets(text, passwords)) {
            if (ALLOWED.some((a) => a.action.test(action) && a.path.test(field) && a.shape === found.shape)) continue;
            offenders.push({
              id: String(row.__id),
              workspace_id: String(row.__ws),
              action,
              field,
              shape: found.shape,
              sample: `${found.match.slice(0, 8)}…`,
            });
          }
        }
      }
    }
    scanned += rows.length;
    if (rows.length < BATCH) return { scanned, offenders };
    const last = rows[rows.length - 1];
    after = { txid: String(last.__txid), id: String(last.__id) };
  }
}

/** The offenders as the failure lists them: one line each. */
export const describeOffenders = (offenders: readonly AuditSecretOffender[]): string =>
  offenders.map((o) => `  ${o.id} (${o.action}, workspace ${o.workspace_id}): ${o.field} holds a ${o.shape} (${o.sample})`).join('\n');
