import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A 600-second token for the websocket at /socket, minted from an API credential; stored as
 * SHA-256 only, with the scopes it carries into the connection.
 */
@Entity('socket_tokens')
export class SocketToken {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') credentialId: string;
  @Column('bytea') tokenHash: Buffer;
  @Column('text', { array: true }) scopes: string[];
  @Column('timestamptz') expiresAt: Date;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
}
