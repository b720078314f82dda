import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ROBOT_STATUSES = ['pending', 'active', 'retired'] as const;
/** pending: pre-registered, not yet claimed; active: bound to a service agent; retired: decommissioned. */
export type RobotStatus = (typeof ROBOT_STATUSES)[number];

/** A robot unit, identified by its serial number (unique per workspace). */
@Entity('robots')
export class Robot {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('text') serialNumber: string;
  @Column('text', { nullable: true }) name: string | null;
  @Column('text') status: RobotStatus;
  /** The service agent a claim bound to this robot. */
  @Column('uuid', { nullable: true }) serviceAgentId: string | null;
  @Column('uuid', { nullable: true }) cohortId: string | null;
  @Column('text', { array: true }) tags: string[];
  @Column('timestamptz', { nullable: true }) claimedAt: Date | null;
  @Column('timestamptz', { nullable: true }) retiredAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
