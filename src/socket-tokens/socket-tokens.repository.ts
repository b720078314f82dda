import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LookupBatcher } from '../core/database/lookup-batcher';
import { PreparedSql } from '../core/database/pipeline/prepared-sql.service';
import { byteaArrayLiteral } from '../core/database/sql';
import { AccessTokenRecord, CREDENTIAL_COLUMNS as CREDENTIAL_STATE, CREDENTIAL_JOINS, CredentialRecord } from '../credentials';
import type { SocketScope } from './socket-scopes';

/** A socket token with its credential's state: the shape of an access token's record. */
export type SocketTokenRecord = AccessTokenRecord;

@Injectable()
export class SocketTokensRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /** Stores a token's hash, pruning the credential's tokens that expired by `now`. */
  async insert(t: { credentialId: string; tokenHash: Buffer; scopes: readonly SocketScope[]; expiresAt: Date }, now: Date): Promise<void> {
    await this.db.query(
      `WITH pruned AS (DELETE FROM socket_tokens WHERE credential_id = $1 AND expires_at <= $5)
       INSERT INTO socket_tokens (credential_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4)`,
      [t.credentialId, t.tokenHash, t.scopes, t.expiresAt, now],
    );
  }

  /**
   * A token by its hash, joined with its credential's current state. The lookups of upgrades that
   * arrive within a millisecond of each other are one indexed statement (LookupBatcher), a hot
   * one (PreparedSql): a fleet connecting at once costs Postgres a statement per dozens of
   * sockets, not one each.
   */
  findByHash(tokenHash: Buffer): Promise<SocketTokenRecord | undefined> {
    return this.byHash.load(tokenHash);
  }

  private readonly byHash = new LookupBatcher<Buffer, SocketTokenRecord>(
    async (hashes) => {
      const rows = await this.sql.rows<SocketTokenRecord & { tokenHash: Buffer }>(
        'socket_tokens_by_hash',
        `SELECT ${CREDENTIAL_STATE}, t.scopes AS "tokenScopes", t.expires_at AS "tokenExpiresAt", t.token_hash AS "tokenHash"
           FROM socket_tokens t
           JOIN api_credentials c ON c.id = t.credential_id ${CREDENTIAL_JOINS}
          WHERE t.token_hash = ANY($1::bytea[])`,
        [byteaArrayLiteral(hashes)],
      );
      return new Map(rows.map(({ tokenHash, ...record }) => [tokenHash.toString('hex'), record]));
    },
    (hash) => hash.toString('hex'),
  );

  /** The current state of credentials (live sockets are re-checked against it when something changes). */
  credentialStates(credentialIds: readonly string[]): Promise<CredentialRecord[]> {
    return this.db.query(`SELECT ${CREDENTIAL_STATE} FROM api_credentials c ${CREDENTIAL_JOINS} WHERE c.id = ANY($1::uuid[])`, [
      credentialIds,
    ]);
  }
}
