import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import type { ListQuery } from '../core/listing/list-query';
import { EventBus } from '../core/redis/event-bus.service';
import { Outbox } from '../events';
import { AgentCommandCreatedEvent, AgentCommandEvents } from './agent-command-events';
import { AgentCommandsRepository } from './agent-commands.repository';
import type {
  AgentCommandDto,
  AgentCommandResultStatus,
  CreateAgentCommandDto,
} from './dto/agent-command.dto';

/** At most this many open commands go out with a ready reply; the rest follow on the next ready. */
export const OPEN_COMMANDS_ON_READY = 100;

export type CommandResultOutcome =
  | { ok: true; agentCommand: AgentCommandDto }
  | { ok: false; reason: 'command_not_found' | 'command_finished' };

/**
 * Agent commands: operators create them for a visible, active agent of their workspace (with an
 * `agent_command.created` domain event in the same transaction); each is pushed at once to that agent's live sockets on whichever node holds them (the created event on
 * the EventBus), handed out again with every ready until the agent reports a result, and
 * finished by the agent's command_result.
 */
@Injectable()
export class AgentCommandsService {

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: AgentCommandsRepository,
    private readonly events: EventBus,
    private readonly outbox: Outbox,
  ) {}

  async create(operator: { workspaceId: string; userId: string }, dto: CreateAgentCommandDto): Promise<AgentCommandDto> {
    const command = await this.db.transaction(async (m) => {
      const created = await this.repo.insert(m, {
        workspaceId: operator.workspaceId,
        serviceAgentId: dto.service_agent_id,
        name: dto.name,
        payload: dto.payload ?? {},
        createdBy: operator.userId,
      });
      if (created) await this.outbox.record(m, operator.workspaceId, 'agent_command.created', { agent_command: created });
      return created;
    });
    if (!command) {
      // "Not found" and "not yours" answer alike; a known but inactive agent cannot receive commands.
      const status = await this.repo.agentStatus(operator.workspaceId, dto.service_agent_id);
      if (status === undefined) throw new NotFoundProblem();
      throw new ConflictProblem('service_agent_inactive');
    }
    const event: AgentCommandCreatedEvent = {
      type: AgentCommandEvents.created,
      serviceAgentId: command.service_agent_id,
      agentCommand: command,
    };
    // The fast path. Should Redis not take it, the agent_command.created event recorded with the
    // command pushes it once Redis is back, and every ready hands it out too.
    await this.events.publish({ ...event });
    return command;
  }

  list(workspaceId: string, q: ListQuery): Promise<AgentCommandDto[]> {
    return this.repo.list(workspaceId, q);
  }

  /** The agent's commands still waiting for a result, oldest first. */
  open(serviceAgentId: string): Promise<AgentCommandDto[]> {
    return this.repo.open(serviceAgentId, OPEN_COMMANDS_ON_READY);
  }

  /** Pending commands written to a live socket become delivered. */
  async markDelivered(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.repo.markDelivered(ids);
  }

  /**
   * command_result: only the agent's own open commands take a result; a final status is final.
   * The result and its `agent_command.completed` event commit together.
   */
  async recordResult(
    serviceAgentId: string,
    commandId: string,
    status: AgentCommandResultStatus,
    result: unknown,
  ): Promise<CommandResultOutcome> {
    const completed = await this.db.transaction(async (m) => {
      const done = await this.repo.complete(m, serviceAgentId, commandId, status, result);
      if (done) await this.outbox.record(m, done.workspaceId, 'agent_command.completed', { agent_command: done.command });
      return done;
    });
    if (completed) return { ok: true, agentCommand: completed.command };
    const exists = await this.repo.exists(serviceAgentId, commandId);
    return { ok: false, reason: exists ? 'command_finished' : 'command_not_found' };
  }
}
