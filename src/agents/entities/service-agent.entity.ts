import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ServiceAgentStatus = 'active' | 'inactive';

@Entity('service_agents')
export class ServiceAgent {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('text') name: string;
  @Column('text') slug: string;
  @Column('text') status: ServiceAgentStatus;
  /** The workspace-key agent: holds the workspace primary key, never listed, no operator REST. */
  @Column('boolean') hidden: boolean;
  /** The default agent created at registration; counts toward no quota. */
  @Column('boolean') isDefault: boolean;
  /** The scopes this agent's API keys may carry. */
  @Column('text', { array: true }) scopes: string[];
  /** Runtime metadata reported by the agent (enrollment claim `agent` object). */
  @Column('jsonb') metadata: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
