import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A 30-day bearer token minted from an API credential; stored as SHA-256 only. */
@Entity('access_tokens')
export class AccessToken {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') credentialId: string;
  @Column('bytea') tokenHash: Buffer;
  @Column('text', { array: true }) scopes: string[];
  @Column('timestamptz') expiresAt: Date;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
}
