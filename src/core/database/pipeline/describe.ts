import type { Client } from 'pg';

/** What Postgres says of a statement it has parsed: its parameters' and its result columns' types. */
export interface StatementDescription {
  /** The type OID of each parameter, $1 first. */
  params: number[];
  /** Each result column's name and type OID; empty for a statement that returns no rows. */
  fields: Array<{ name: string; dataTypeID: number }>;
}

interface Connection {
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  describe(msg: { type: 'S' | 'P'; name?: string }): void;
  sync(): void;
  on(event: string, listener: (msg: unknown) => void): void;
  removeListener(event: string, listener: (msg: unknown) => void): void;
}

/**
 * Asks Postgres to parse `text` and describe it (the extended protocol's Parse, Describe
 * statement, Sync), without running it: the schema test (test/statement-schema.e2e-spec.ts)
 * checks every declared statement against this. Uses pg internals (the client's connection and
 * a submittable query), as the rest of this folder does. The client must be connected and idle.
 */
export function describeStatement(client: Client, text: string): Promise<StatementDescription> {
  return new Promise<StatementDescription>((resolve, reject) => {
    const connection = (client as unknown as { connection: Connection }).connection;
    const description: StatementDescription = { params: [], fields: [] };
    const onParams = (msg: unknown): void => {
      description.params = [...(msg as { dataTypeIDs: number[] }).dataTypeIDs];
    };
    const done = (): void => connection.removeListener('parameterDescription', onParams);
    connection.on('parameterDescription', onParams);
    const submittable = {
      submit(con: Connection): void {
        con.parse({ text, types: [] });
        con.describe({ type: 'S' });
        con.sync();
      },
      handleRowDescription(msg: { fields: Array<{ name: string; dataTypeID: number }> }): void {
        description.fields = msg.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      },
      handleError(err: Error): void {
        done();
        reject(err);
      },
      handleReadyForQuery(): void {
        done();
        resolve(description);
      },
      handleDataRow: () => undefined,
      handleCommandComplete: () => undefined,
      handleEmptyQuery: () => undefined,
      handlePortalSuspended: () => undefined,
    };
    void client.query(submittable as never);
  });
}
