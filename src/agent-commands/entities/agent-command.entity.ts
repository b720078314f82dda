import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AgentCommandStatus } from '../dto/agent-command.dto';

/** A command an operator sends to a service agent; pushed to the agent's live sockets. */
@Entity('agent_commands')
export class AgentCommand {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') workspaceId: string;
  @Column('uuid') serviceAgentId: string;
  @Column('text') name: string;
  @Column('jsonb') payload: Record<string, unknown>;
  @Column('text') status: AgentCommandStatus;
  /** What the agent reported with command_result. */
  @Column('jsonb', { nullable: true }) result: unknown;
  /** The operator who created it (null once that user is deleted). */
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'inserted_at' }) insertedAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
