import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OperatorRole } from '../../auth/auth-policy';

@Entity('memberships')
export class Membership {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') userId: string;
  @Column('uuid') workspaceId: string;
  @Column('text') role: OperatorRole;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
}
