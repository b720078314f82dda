import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const WORKSPACE_STATUSES = ['active', 'frozen', 'paused', 'archived'] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

@Entity('workspaces')
export class Workspace {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text') slug: string;
  @Column('text') status: WorkspaceStatus;
  /** Plan slug: free, team or enterprise. */
  @Column('text') plan: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
