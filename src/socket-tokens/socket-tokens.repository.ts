import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../core/database/prepared-sql.service';
import { AccessTokenRecord, CREDENTIAL_COLUMNS as CREDENTIAL_STATE, CREDENTIAL_JOINS, CredentialRecord } from '../credentials';

/** A socket token with its credential's state: the shape of an access token's record. */
export type SocketTokenRecord = AccessTokenRecord;

@Injectable()
export class SocketTokensRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: PreparedSql,
  ) {}

  /** Stores a token's hash, pruning the credential's tokens that expired by `now`. */
  async insert(t: { credentialId: string; tokenHash: Buffer; scopes: readonly string[]; expiresAt: Date }, now: Date): Promise<void> {
    await this.db.query(
      `WITH pruned AS (DELETE FROM socket_tokens WHERE credential_id = $1 AND expires_at <= $5)
       INSERT INTO socket_tokens (credential_id, token_hash, scopes, expires_at) VALUES ($1, $2, $3, $4)`,
      [t.credentialId, t.tokenHash, t.scopes, t.expiresAt, now],
    );
  }

  /**
   * One indexed lookup by token hash, joined with the credential's current state: a hot statement
   * (PreparedSql), gathered for a millisecond, so that the lookups of a fleet connecting at once
   * share a few corked writes instead of a write or a pooled round trip each.
   */
  async findByHash(tokenHash: Buffer): Promise<SocketTokenRecord | undefined> {
    const rows = await this.sql.gatheredRows<SocketTokenRecord>(
      'socket_token_by_hash',
      `SELECT ${CREDENTIAL_STATE}, t.scopes AS "tokenScopes", t.expires_at AS "tokenExpiresAt"
         FROM socket_tokens t
         JOIN api_credentials c ON c.id = t.credential_id ${CREDENTIAL_JOINS}
        WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0];
  }

  /** The current state of credentials (live sockets are re-checked against it when something changes). */
  credentialStates(credentialIds: readonly string[]): Promise<CredentialRecord[]> {
    return this.db.query(
      `SELECT ${CREDENTIAL_STATE} FROM api_credentials c ${CREDENTIAL_JOINS} WHERE c.id = ANY($1::uuid[])`,
      [credentialIds],
    );
  }
}
