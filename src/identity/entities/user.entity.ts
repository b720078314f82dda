import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type UserStatus = 'active' | 'suspended';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Normalized: trimmed and lower-cased (a CHECK constraint enforces it). */
  @Column('text') email: string;
  @Column('text') passwordHash: string;
  @Column('text') name: string;
  @Column('timestamptz', { nullable: true }) confirmedAt: Date | null;
  @Column('text') status: UserStatus;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
