import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An age_<prefix>.<secret> enrollment token: only the prefix and the SHA-256 of the secret are
 * stored. max_claims 1 is single-use; more makes a fleet token.
 */
@Entity('enrollment_tokens')
export class EnrollmentToken {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('text') prefix: string;
  @Column('bytea') secretHash: Buffer;
  @Column('integer') maxClaims: number;
  @Column('integer') claimsCount: number;
  @Column('timestamptz') expiresAt: Date;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
  @Column('text', { array: true }) serialAllowlist: string[];
  @Column('uuid', { nullable: true }) cohortId: string | null;
  @Column('text', { array: true }) defaultTags: string[];
  /** Scopes of the credentials each claim issues. */
  @Column('text', { array: true }) scopes: string[];
  /** The operator (user) who issued it. */
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
}
