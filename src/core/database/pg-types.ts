/**
 * The column and parameter types a statement declares (statement.ts), each a runtime tag that
 * carries its TypeScript type: `row: { id: t.uuid, body: t.text, inserted_at: t.timestamptz }`
 * gives the row type `{ id: string; body: string; inserted_at: Date }`, and the schema test
 * (test/statement-schema.e2e-spec.ts) checks the tag against the type Postgres describes for
 * that column or parameter. `pg` lists the Postgres type names (pg_type.typname) the tag accepts;
 * the TypeScript type is what node-postgres's default parsers make of them (int8 and numeric stay
 * strings, timestamptz and date become Dates, json and jsonb are parsed, bytea is a Buffer).
 */
export interface PgType<Row, Param = Row> {
  /** pg_type.typname values this tag accepts. */
  readonly pg: readonly string[];
  /** Whether SQL NULL is allowed (the row's TypeScript type then includes `null`). */
  readonly nullable: boolean;
  /** Type-level only: what a row's value is, and what a parameter accepts. */
  readonly __row?: Row;
  readonly __param?: Param;
}

/** A tag that also allows NULL. */
export interface NullablePgType<Row, Param = Row> extends PgType<Row | null, Param | null> {
  readonly nullable: true;
}

/** A non-null tag, with `.null` for its nullable twin and `.of<U>()` to narrow its TypeScript type. */
export interface BasePgType<Row, Param = Row> extends PgType<Row, Param> {
  readonly nullable: false;
  /** The same column where it may be NULL. */
  readonly null: NullablePgType<Row, Param>;
  /** The same Postgres type read as a narrower TypeScript type (a text column holding a union, say). */
  of<U extends Row>(): BasePgType<U, U extends Param ? U : Param>;
}

function tag<Row, Param = Row>(...pg: string[]): BasePgType<Row, Param> {
  const nullable = { pg, nullable: true } as NullablePgType<Row, Param>;
  const base: BasePgType<Row, Param> = {
    pg,
    nullable: false,
    null: nullable,
    of: () => base as never,
  };
  return Object.freeze(base);
}

const arrayOf = (pg: string[]) => pg.map((name) => `_${name}`);

/** The text types: text, varchar, char, name, citext (an extension's type, matched by name). */
const TEXT = ['text', 'varchar', 'bpchar', 'name', 'citext'];

/** Column and parameter type tags. */
export const t = {
  uuid: tag<string>('uuid'),
  text: tag<string>(...TEXT),
  /** int2 and int4 (int8 is `bigint`: node-postgres leaves it a string). */
  int: tag<number>('int2', 'int4'),
  bigint: tag<string, string | number>('int8'),
  numeric: tag<string, string | number>('numeric'),
  float: tag<number>('float4', 'float8'),
  bool: tag<boolean>('bool'),
  /** A timestamp with time zone: a Date in a row; a Date or an ISO 8601 string as a parameter. */
  timestamptz: tag<Date, Date | string>('timestamptz'),
  date: tag<Date, Date | string>('date'),
  bytea: tag<Buffer>('bytea'),
  /** json or jsonb, parsed; as a parameter anything JSON.stringify takes (pg stringifies objects). */
  json: tag<unknown>('json', 'jsonb'),
  inet: tag<string>('inet', 'cidr'),
  uuidArray: tag<string[], readonly string[] | string>(...arrayOf(['uuid'])),
  textArray: tag<string[], readonly string[] | string>(...arrayOf(['text', 'varchar'])),
  intArray: tag<number[], readonly number[] | string>(...arrayOf(['int2', 'int4'])),
  timestamptzArray: tag<Date[], readonly (Date | string)[] | string>(...arrayOf(['timestamptz'])),
  byteaArray: tag<Buffer[], readonly Buffer[] | string>(...arrayOf(['bytea'])),
  boolArray: tag<boolean[], readonly boolean[] | string>(...arrayOf(['bool'])),
  jsonArray: tag<unknown[], readonly unknown[] | string>(...arrayOf(['json', 'jsonb'])),
  /**
   * A value whose Postgres type the statement does not fix (`$1 IS NULL`, `quote_literal($1)`):
   * Postgres describes it as `text` or `unknown`. Only for parameters.
   */
  any: tag<unknown>('text', 'unknown'),
  /** `void`, the result of a function called only for its effect (`SELECT pg_notify(...)`). */
  void: tag<null>('void'),
} as const;

/** The TypeScript type of a row value of a tag. */
export type RowValue<T> = T extends PgType<infer R, unknown> ? R : never;
/** The TypeScript type a parameter of a tag accepts. */
export type ParamValue<T> = T extends PgType<unknown, infer P> ? P : never;
