import { Client, DatabaseError, Query, QueryResult, types } from 'pg';
import { installTextArrayParser } from './text-arrays';

/** A field of a RowDescription, as pg-protocol parses it. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** What pg's Query does per query that PipelinedQuery replaces or calls (checked at start-up: assertDriverInternals). */
interface QueryInternals {
  prepare(connection: unknown): void;
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
  handleDataRow(msg: { fields: Array<string | null> }): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
  handleError(err: Error, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
  _result: { rows: unknown[] };
  _canceledDueToError: unknown;
  callback?: (err: Error | null | undefined, result?: QueryResult) => void;
}

/** What a ReadGroup uses of pg's pipelined Client (checked at start-up with the rest). */
interface ClientInternals {
  _handleReadyForQuery(msg: { status: string }): void;
  _sentQueryQueue: unknown[];
  connection: {
    parsedStatements: Record<string, string | undefined>;
    execute(config: { portal: string; rows?: number }): void;
    stream: { destroy(err: Error): void };
  };
}

type Parser = (text: string) => unknown;

/** How one named statement's rows are built: its fields' parsers and a function that makes a row of them. */
interface RowShape {
  parsers: Parser[];
  build: (parsers: Parser[], values: Array<string | null>) => Record<string, unknown>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Whether `new Function` is allowed in this process (it is not under --disallow-code-generation-from-strings). */
let codeGeneration = true;

/**
 * The row builder of a field list: an object literal with the fields in order, so every row of a
 * statement is born with one hidden class (cheap to make and to JSON.stringify: finding 19). The
 * literal is generated from the column names, which are the statement's own aliases, and only
 * from plain identifiers (never `__proto__`); any other name list gets the loop pg uses.
 */
function rowBuilder(names: string[]): RowShape['build'] {
  if (codeGeneration && names.every((n) => IDENTIFIER.test(n) && n !== '__proto__') && new Set(names).size === names.length) {
    const members = names.map((n, i) => `${JSON.stringify(n)}: v[${i}] === null ? null : p[${i}](v[${i}])`);
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- pg's own row builder: code generated from plain identifiers only (above)
      return new Function('p', 'v', `return { ${members.join(', ')} };`) as RowShape['build'];
    } catch (err) {
      // node --disallow-code-generation-from-strings (a hardening flag): the loop below, from now on
      if (!(err instanceof EvalError)) throw err;
      codeGeneration = false;
    }
  }
  // pg's own way, to the letter: a copy of a template made from a null-prototype object, so even
  // a column named __proto__ is an own key
  const empty = Object.create(null) as Record<string, unknown>;
  for (const n of names) empty[n] = null;
  const template = { ...empty };
  return (p, v) => {
    const row = { ...template };
    for (let i = 0; i < names.length; i++) row[names[i]] = v[i] === null ? null : p[i](v[i] as string);
    return row;
  };
}

// Both lanes read node-postgres's type parsers: text[] takes the fast path from here on (text-arrays.ts).
installTextArrayParser();

/** A field list's shape, or undefined when a field is not in text format (pg's own path then reads the rows). */
function shapeOf(fields: FieldDescription[]): RowShape | undefined {
  if (fields.some((f) => f.format !== 'text')) return undefined;
  return { parsers: fields.map((f) => types.getTypeParser(f.dataTypeID, 'text') as Parser), build: rowBuilder(fields.map((f) => f.name)) };
}

/**
 * What one pipelined connection knows about its named statements' rows. A statement's result
 * columns cannot change on a connection (Postgres refuses to run a prepared statement whose
 * result type changed: "cached plan must not change result type"), so its shape, learnt from its
 * first RowDescription, holds for the connection's life; a new connection learns it again.
 */
export class ConnectionShapes {
  readonly shapes = new Map<string, RowShape>();
  /** Set by PipelinedQuery around its prepare: the connection then sends no Describe. */
  skipDescribe = false;

  /** The shapes of `client`'s connection, whose Describe messages they can now skip. */
  static of(client: Client): ConnectionShapes {
    const shapes = new ConnectionShapes();
    const connection = (client as unknown as { connection: { describe(msg: unknown): void } }).connection;
    const describe = connection.describe;
    connection.describe = function (this: unknown, msg: unknown) {
      if (!shapes.skipDescribe) describe.call(this, msg);
    };
    return shapes;
  }
}

const base = Query.prototype as unknown as QueryInternals;

/** A read of a ReadGroup that Postgres never ran, because a read before it failed: the lane sends it again. */
export class NotRunError extends Error {
  constructor() {
    super('not run: an earlier read sent with it failed');
  }
}

/**
 * Reads sent together with one Sync instead of one each (finding 34). Postgres answers a Sync
 * with ReadyForQuery, flushing its output and ending the implicit transaction: one Sync per
 * statement cost Postgres a socket send and a transaction end per statement, and Node a wake-up
 * per answer. The reads of a group run in one implicit transaction, each with its own snapshot
 * (READ COMMITTED takes one per statement), so a read sees what any write had committed before it
 * started, as before. pg moves to its next query on ReadyForQuery only, so each member but the
 * last is settled at its CommandComplete as if ReadyForQuery had come; the last one's Sync brings
 * the real one.
 *
 * A statement that fails makes Postgres skip everything up to the Sync: the members after it
 * never ran. They leave pg's queue at once and are settled with NotRunError, so the lane sends
 * them again; the failed one is refused for itself, as before, and those before it are answered.
 * Only reads belong in a group (a write's commit would wait for the last member, and a failure
 * after it would roll it back after it was answered), and only statements the connection has
 * parsed already (a skipped Parse would leave pg believing the statement is prepared).
 */
export class ReadGroup {
  private readonly members: PipelinedQuery[] = [];

  constructor(private readonly client: Client) {}

  /** Whether a statement can join a group on this connection: parsed there already. */
  static accepts(client: Client, statement: string, text: string): boolean {
    return (client as unknown as ClientInternals).connection.parsedStatements[statement] === text;
  }

  add(query: PipelinedQuery): void {
    this.members.push(query);
  }

  get size(): number {
    return this.members.length;
  }

  /** Whether `query` is followed by another member (so it goes without a Sync of its own). */
  continuesAfter(query: PipelinedQuery): boolean {
    return this.members[this.members.length - 1] !== query;
  }

  /** A member but the last answered: settle it and make the next one pg's active query. */
  answered(): void {
    (this.client as unknown as ClientInternals)._handleReadyForQuery({ status: 'T' });
  }

  /** Postgres refused `query`: the members after it were skipped, so they leave pg's queue and are sent again. */
  failed(query: PipelinedQuery): void {
    const rest = this.members.slice(this.members.indexOf(query) + 1);
    const internals = this.client as unknown as ClientInternals;
    const queue = internals._sentQueryQueue;
    if (rest.length === 0 || !rest.some((m) => queue.includes(m))) return; // none left waiting (a lost connection took them)
    if (!rest.every((m, i) => queue[i] === m)) {
      // never expected: answers could now reach the wrong query, so fail everything on this connection instead
      internals.connection.stream.destroy(new Error('pipelined connection lost track of a read group'));
      return;
    }
    queue.splice(0, rest.length);
    for (const m of rest) m.notRun();
  }
}

/**
 * A named statement on a pipelined connection. pg describes the portal on every execution
 * (Postgres builds and sends a RowDescription, pg parses it and rebuilds its parsers and an
 * empty row to copy), then builds each row by copying that object and setting its fields by
 * name. Here the first execution on a connection learns the statement's shape; later ones send
 * no Describe and build each row with the shape's literal (finding 19). The rows are the same:
 * same keys in the same order, same parsers (pg's, by type).
 */
export class PipelinedQuery extends Query {
  private shape: RowShape | undefined;

  constructor(
    text: string,
    values: unknown[],
    callback: (err: Error | null | undefined, result: QueryResult) => void,
    private readonly statement: string,
    private readonly connection: ConnectionShapes,
    private readonly group?: ReadGroup,
  ) {
    super(text, values, callback);
    (this as Query & { name?: string }).name = statement; // pg prepares and binds it by this name
    this.shape = connection.shapes.get(statement);
    group?.add(this);
  }

  /** Execute, then Sync unless another read of its group follows. */
  _getRows(con: unknown, rows: number | undefined): void {
    if (this.group?.continuesAfter(this) && rows === undefined) {
      (con as ClientInternals['connection']).execute({ portal: (this as unknown as { portal: string }).portal ?? '' });
    } else base._getRows.call(this, con, rows);
  }

  handleCommandComplete(msg: unknown, con: unknown): void {
    base.handleCommandComplete.call(this, msg, con);
    if (this.group?.continuesAfter(this)) this.group.answered();
  }

  handleError(err: Error, con: unknown): void {
    if (this.group && err instanceof DatabaseError) this.group.failed(this);
    base.handleError.call(this, err, con);
  }

  /** Settles a member Postgres skipped (ReadGroup.failed). */
  notRun(): void {
    (this as unknown as QueryInternals).callback?.(new NotRunError());
  }

  prepare(con: unknown): void {
    this.connection.skipDescribe = this.shape !== undefined;
    try {
      base.prepare.call(this, con);
    } finally {
      this.connection.skipDescribe = false;
    }
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    this.shape = shapeOf(msg.fields);
    if (this.shape) this.connection.shapes.set(this.statement, this.shape);
    else base.handleRowDescription.call(this, msg);
  }

  handleDataRow(msg: { fields: Array<string | null> }): void {
    const self = this as unknown as QueryInternals;
    if (!this.shape) return base.handleDataRow.call(this, msg);
    if (self._canceledDueToError) return;
    try {
      self._result.rows.push(this.shape.build(this.shape.parsers, msg.fields));
    } catch (err) {
      // as pg does: the statement fails with the parser's error once it is answered
      self._canceledDueToError = err;
    }
  }
}

/** What PipelinedQuery needs of pg, for assertDriverInternals: the problems found, if any. */
export function pipelinedQueryInternalsProblems(): string[] {
  const problems: string[] = [];
  for (const method of ['prepare', 'handleRowDescription', 'handleDataRow', 'handleCommandComplete', 'handleError', '_getRows'] as const) {
    if (typeof base[method] !== 'function') problems.push(`pg's Query no longer has a \`${method}\` method`);
  }
  const probe = new Query('SELECT 1', [], () => undefined) as unknown as QueryInternals;
  if (!Array.isArray(probe._result?.rows) || probe._canceledDueToError !== false) {
    problems.push("pg's Query no longer keeps `_result.rows` and `_canceledDueToError`");
  }
  const client = new Client() as unknown as {
    connection?: { describe?: unknown; execute?: unknown; parsedStatements?: unknown };
    _sentQueryQueue?: unknown;
  };
  if (typeof client.connection?.describe !== 'function') problems.push("pg's Client no longer has a `connection.describe`");
  if (typeof client.connection?.execute !== 'function' || typeof client.connection.parsedStatements !== 'object') {
    problems.push("pg's Client no longer has a `connection.execute` and `connection.parsedStatements`");
  }
  const clientProto = Client.prototype as unknown as { _handleReadyForQuery?: unknown };
  if (typeof clientProto._handleReadyForQuery !== 'function' || !Array.isArray(client._sentQueryQueue)) {
    problems.push("pg's Client no longer has `_handleReadyForQuery` and `_sentQueryQueue` (pipelined read groups)");
  }
  return problems;
}
