import { Injectable } from '@nestjs/common';
import { Db } from '../core/database/db.service';
import { LookupBatcher } from '../core/database/lookup-batcher';
import { t } from '../core/database/pg-types';
import { byteaArrayLiteral } from '../core/database/sql';
import { statement } from '../core/database/statement';
import {
  AccessTokenRecord,
  accessTokenRecord,
  CREDENTIAL_COLUMNS as CREDENTIAL_STATE,
  CREDENTIAL_JOINS,
  CREDENTIAL_ROW,
  CredentialRecord,
  credentialRecord,
  TOKEN_COLUMNS,
  TOKEN_ROW,
} from '../credentials';
import type { SocketScope } from './socket-scopes';

/** A socket token with its credential's state: the shape of an access token's record. */
export type SocketTokenRecord = AccessTokenRecord;

/** Stores a token's hash, pruning the credential's tokens that expired by $5. */
const INSERT_SOCKET_TOKEN = statement({
  label: 'insert_socket_token',
  text: `WITH pruned AS (DELETE FROM socket_tokens WHERE credential_id = $1 AND expires_at <= $5)
       INSERT INTO socket_tokens (credential_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4)`,
  params: [t.uuid, t.bytea, t.textArray, t.timestamptz, t.timestamptz],
});

/** Tokens by their hashes (one batch of LookupBatcher), joined with their credentials' current state. */
const SOCKET_TOKENS_BY_HASH = statement({
  label: 'socket_tokens_by_hash',
  lane: 'read',
  text: `SELECT ${CREDENTIAL_STATE}, ${TOKEN_COLUMNS}, t.token_hash
           FROM socket_tokens t
           JOIN api_credentials c ON c.id = t.credential_id ${CREDENTIAL_JOINS}
          WHERE t.token_hash = ANY($1::bytea[])`,
  params: [t.byteaArray],
  row: { ...CREDENTIAL_ROW, ...TOKEN_ROW, token_hash: t.bytea },
});

const CREDENTIAL_STATES = statement({
  label: 'socket_credential_states',
  text: `SELECT ${CREDENTIAL_STATE} FROM api_credentials c ${CREDENTIAL_JOINS} WHERE c.id = ANY($1::uuid[])`,
  params: [t.uuidArray],
  row: CREDENTIAL_ROW,
});

@Injectable()
export class SocketTokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a token's hash, pruning the credential's tokens that expired by `now`. */
  async insert(t: { credentialId: string; tokenHash: Buffer; scopes: readonly SocketScope[]; expiresAt: Date }, now: Date): Promise<void> {
    await this.db.run(INSERT_SOCKET_TOKEN, [t.credentialId, t.tokenHash, t.scopes, t.expiresAt, now]);
  }

  /**
   * A token by its hash, joined with its credential's current state. The lookups of upgrades that
   * arrive within a millisecond of each other are one indexed statement (LookupBatcher), a hot
   * one (the read lane): a fleet connecting at once costs Postgres a statement per dozens of
   * sockets, not one each.
   */
  findByHash(tokenHash: Buffer): Promise<SocketTokenRecord | undefined> {
    return this.byHash.load(tokenHash);
  }

  private readonly byHash = new LookupBatcher<Buffer, SocketTokenRecord>(
    async (hashes) => {
      const rows = await this.db.rows(SOCKET_TOKENS_BY_HASH, [byteaArrayLiteral(hashes)]);
      return new Map(rows.map((row) => [row.token_hash.toString('hex'), accessTokenRecord(row)]));
    },
    (hash) => hash.toString('hex'),
  );

  /** The current state of credentials (live sockets are re-checked against it when something changes). */
  async credentialStates(credentialIds: readonly string[]): Promise<CredentialRecord[]> {
    const rows = await this.db.rows(CREDENTIAL_STATES, [credentialIds]);
    return rows.map(credentialRecord);
  }
}
