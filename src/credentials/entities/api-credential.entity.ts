import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Stored states; `expired` is derived from expires_at. */
export type StoredCredentialStatus = 'usable' | 'archived' | 'revoked';
export type CredentialStatus = StoredCredentialStatus | 'expired';

/** An agk_ API key: only the prefix and the SHA-256 of the secret are stored. */
@Entity('api_credentials')
export class ApiCredential {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('uuid') serviceAgentId: string;
  @Column('text') prefix: string;
  @Column('bytea') secretHash: Buffer;
  @Column('text', { array: true }) scopes: string[];
  @Column('text') status: StoredCredentialStatus;
  @Column('timestamptz', { nullable: true }) expiresAt: Date | null;
  @Column('timestamptz', { nullable: true }) lastUsedAt: Date | null;
  @Column('timestamptz', { nullable: true }) archivedAt: Date | null;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
}
