import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { ConflictProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { EventBus } from '../core/redis/event-bus.service';
import { Outbox } from '../events';
import { AgentCommandCreatedEvent, AgentCommandEvents } from './agent-command-events';
import { AgentCommandsRepository, NewCommands } from './agent-commands.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { AgentCommandDto, AgentCommandResultStatus, CreateAgentCommandDto } from './dto/agent-command.dto';

/** At most this many open commands go out with a ready reply; the rest follow on the next ready. */
export const OPEN_COMMANDS_ON_READY = 100;

export type CommandResultOutcome =
  { ok: true; agentCommand: AgentCommandDto } | { ok: false; reason: 'command_not_found' | 'command_finished' };

/**
 * Agent commands: operators create them for a visible, active agent of their workspace (with an
 * `agent_command.created` domain event in the same transaction); each is pushed at once to that
 * agent's live sockets on whichever node holds them (the created event on the EventBus: this
 * node's sockets are written before the bus is asked), handed out again with every ready until
 * the agent reports a result, and finished by the agent's command_result.
 */
@Injectable()
export class AgentCommandsService {
  constructor(
    private readonly repo: AgentCommandsRepository,
    private readonly events: EventBus,
    private readonly outbox: Outbox,
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The command and its event are one statement, committed with the operator's audit event
   * (`agent_command.create`), and the push to this node's sockets happens as soon as they have;
   * the answer does not wait for Redis to take the push for other nodes (best effort: the event's
   * relay, and every ready, deliver it anyway).
   */
  async create(operator: { workspaceId: string; userId: string }, dto: CreateAgentCommandDto): Promise<AgentCommandDto> {
    const { created, refused } = await this.db.transaction(async (tx) => {
      const made = await this.createMany(tx, {
        workspaceId: operator.workspaceId,
        serviceAgentIds: [dto.service_agent_id],
        name: dto.name,
        payload: dto.payload ?? {},
        createdBy: operator.userId,
      });
      const [command] = made.created;
      if (command) {
        await this.audit.record(tx, {
          workspaceId: operator.workspaceId,
          action: 'agent_command.create',
          target: { type: 'agent_command', id: command.id, label: command.name },
          // not the payload: it is the operator's, and may carry anything
          changes: AuditLog.changes(null, command, ['service_agent_id', 'name', 'status']),
        });
      }
      return made;
    });
    // "Not found" and "not yours" answer alike; a known but inactive agent cannot receive commands.
    const refusal = refused.get(dto.service_agent_id);
    if (refusal === 'not_found') throw new NotFoundProblem();
    if (refusal) throw new ConflictProblem('service_agent_inactive');
    void this.publishCreated(created);
    return created[0];
  }

  /**
   * Creates the same command for each visible, active agent of the workspace among
   * `serviceAgentIds`, with an `agent_command.created` event each, in `m`'s transaction (or
   * committed at once without one). Agents that cannot receive one are in `refused` (unknown,
   * hidden and foreign alike as not_found). Once committed, hand `created` to publishCreated.
   */
  async createMany(
    m: Tx | undefined,
    c: NewCommands,
  ): Promise<{ created: AgentCommandDto[]; refused: Map<string, 'not_found' | 'service_agent_inactive'> }> {
    const created = c.serviceAgentIds.length > 0 ? await this.repo.insertMany(m, c) : [];
    if (created.length > 0) this.outbox.relayAfter(m);
    const refused = new Map<string, 'not_found' | 'service_agent_inactive'>();
    if (created.length < c.serviceAgentIds.length) {
      const done = new Set(created.map((command) => command.service_agent_id));
      const statuses = await this.repo.agentStatuses(
        m,
        c.workspaceId,
        c.serviceAgentIds.filter((id) => !done.has(id)),
      );
      for (const id of c.serviceAgentIds) {
        if (!done.has(id)) refused.set(id, statuses.has(id) ? 'service_agent_inactive' : 'not_found');
      }
    }
    return { created, refused };
  }

  /**
   * The fast path of delivery, after commit: every command reaches this node's sockets before
   * this returns its promise (the bus delivers locally at once), then the other nodes. Should
   * Redis not take it, the agent_command.created event recorded with each command pushes it once
   * Redis is back, and every ready hands it out too.
   */
  async publishCreated(commands: readonly AgentCommandDto[]): Promise<void> {
    await Promise.all(
      commands.map((command) => {
        const event: AgentCommandCreatedEvent = {
          type: AgentCommandEvents.created,
          serviceAgentId: command.service_agent_id,
          agentCommand: command,
        };
        return this.events.publish({ ...event });
      }),
    );
  }

  /** Finishes an open command in `m`'s transaction when its work ended elsewhere (an OTA update reaching a final state). */
  finishIn(m: Tx, commandId: string, status: AgentCommandResultStatus, result: unknown): Promise<void> {
    return this.repo.finishIn(m, commandId, status, result);
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
    const completed = await this.repo.complete(serviceAgentId, commandId, status, result);
    if (completed) {
      this.outbox.relayAfter(undefined);
      return { ok: true, agentCommand: completed };
    }
    const exists = await this.repo.exists(serviceAgentId, commandId);
    return { ok: false, reason: exists ? 'command_finished' : 'command_not_found' };
  }
}
