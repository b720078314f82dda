import { Injectable } from '@nestjs/common';
import { type AgentCommandDto, AgentCommandsService } from '../agent-commands';
import { AuditLog } from '../audit';
import { BatchOperationsService, type BatchOperationDto } from '../batch-operations';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { RobotsService } from '../enrollment';
import { Outbox } from '../events';
import { OPEN_OTA_STATUSES, reportableFrom } from './ota-status';
import { type OtaChange, OtaUpdatesRepository } from './ota-updates.repository';
import type { ListQuery } from '../core/listing/list-query';
import type {
  CreateOtaUpdateDto,
  OTA_UPDATE_LIST,
  OtaUpdateDto,
  OtaUpdateListDto,
  OtaUpdateParams,
  ReportOtaUpdateDto,
} from './dto/ota-update.dto';

/** An update's events name it, labelled with the version it installs. */
const otaTarget = (u: OtaUpdateDto) => ({ type: 'ota_update', id: u.id, label: u.version });

/** The name of the agent command that carries an update to its robot. */
export const OTA_COMMAND = 'ota_update';

export type OtaRefusal = 'not_found' | 'robot_retired' | 'robot_not_enrolled' | 'ota_update_in_progress' | 'service_agent_inactive';

export type OtaCreation = { ok: true; otaUpdate: OtaUpdateDto; command: AgentCommandDto } | { ok: false; refusal: OtaRefusal };

/**
 * OTA updates: created by an operator for one robot (or, for a cohort, by a create_ota_update
 * batch operation), each carried to the robot's agent as an `ota_update` agent command; the robot
 * reports its progress forward only; an operator can cancel an open one. Every change records
 * `ota_update.updated` with the update; an operator's creation for one robot and cancel are audited
 * in their transaction (`ota_update.create`, `ota_update.cancel`), a cohort's as its batch operation.
 */
@Injectable()
export class OtaUpdatesService {
  constructor(
    private readonly db: Db,
    private readonly repo: OtaUpdatesRepository,
    private readonly robots: RobotsService,
    private readonly commands: AgentCommandsService,
    private readonly batches: BatchOperationsService,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** One robot: 201 with the update. A cohort: a create_ota_update batch operation (202). */
  async create(
    operator: { workspaceId: string; userId: string },
    dto: CreateOtaUpdateDto,
  ): Promise<{ ota_update: OtaUpdateDto } | { batch_operation: BatchOperationDto }> {
    const { robot_id, cohort_id, ...params } = dto;
    if ((robot_id === undefined) === (cohort_id === undefined))
      throw new ValidationProblem({ robot_id: ['give either robot_id or cohort_id'] });
    if (cohort_id) {
      return { batch_operation: await this.batches.create(operator, { action: 'create_ota_update', cohort_id, params: { ...params } }) };
    }
    const created = await this.db.transaction(async (tx) => {
      const creation = await this.createForRobot(tx, operator.workspaceId, robot_id!, params, operator.userId, null);
      if (creation.ok) {
        await this.audit.record(tx, {
          workspaceId: operator.workspaceId,
          action: 'ota_update.create',
          target: otaTarget(creation.otaUpdate),
          // not artifact_url: a signed URL carries a credential of its store
          changes: AuditLog.changes(null, creation.otaUpdate, [
            'robot_id',
            'update_type',
            'version',
            'sha256',
            'status',
            'agent_command_id',
          ]),
        });
      }
      return creation;
    });
    if (!created.ok) {
      if (created.refusal === 'not_found') throw new NotFoundProblem();
      throw new ConflictProblem(created.refusal);
    }
    await this.commands.publishCreated([created.command]);
    return { ota_update: created.otaUpdate };
  }

  /**
   * In `tx`: a pending update of an enrolled, unretired robot with no open update,
   * its `ota_update` command for the robot's agent, and `ota_update.updated`; or why not. Once
   * committed, hand the command to AgentCommandsService.publishCreated.
   */
  async createForRobot(
    tx: Tx,
    workspaceId: string,
    robotId: string,
    params: OtaUpdateParams,
    createdBy: string | null,
    batchOperationId: string | null,
  ): Promise<OtaCreation> {
    const robot = await this.robots.lock(tx, workspaceId, robotId);
    if (!robot) return { ok: false, refusal: 'not_found' };
    if (robot.status === 'retired') return { ok: false, refusal: 'robot_retired' };
    if (!robot.serviceAgentId) return { ok: false, refusal: 'robot_not_enrolled' };
    const serviceAgentId = robot.serviceAgentId;
    // A refusal undoes the pending row: with the agent deactivated there is no way to deliver it.
    return tx.savepoint(
      'ota_update',
      (creation) => creation.ok,
      async (): Promise<OtaCreation> => {
        const pending = await this.repo.insertPending(tx, { ...params, workspaceId, robotId, serviceAgentId, createdBy, batchOperationId });
        if (!pending) return { ok: false, refusal: 'ota_update_in_progress' };
        const { created, refused } = await this.commands.createMany(tx, {
          workspaceId,
          serviceAgentIds: [serviceAgentId],
          name: OTA_COMMAND,
          payload: {
            ota_update: {
              id: pending.id,
              update_type: pending.update_type,
              version: pending.version,
              artifact_url: pending.artifact_url,
              sha256: pending.sha256,
            },
          },
          createdBy,
        });
        if (refused.size > 0) return { ok: false, refusal: 'service_agent_inactive' };
        const otaUpdate = await this.repo.setCommand(tx, pending.id, created[0].id);
        await this.outbox.record(tx, workspaceId, 'ota_update.updated', { ota_update: otaUpdate });
        return { ok: true, otaUpdate, command: created[0] };
      },
    );
  }

  async list(workspaceId: string, q: ListQuery<typeof OTA_UPDATE_LIST.key, true>): Promise<OtaUpdateListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, id: string): Promise<OtaUpdateDto> {
    const update = await this.repo.find(workspaceId, id);
    if (!update) throw new NotFoundProblem();
    return update;
  }

  /** An open update becomes cancelled, and its command is finished so it is not handed out again. */
  async cancel(workspaceId: string, id: string): Promise<OtaUpdateDto> {
    const change = await this.db.transaction(async (tx) => {
      const changed = await this.repo.transition(tx, { workspaceId, id }, OPEN_OTA_STATUSES, 'cancelled', undefined, this.clock.date());
      if (changed) {
        await this.audit.record(tx, {
          workspaceId,
          action: 'ota_update.cancel',
          target: otaTarget(changed.after),
          changes: { status: [changed.before.status, changed.after.status] },
        });
        await this.recordChange(tx, workspaceId, changed, { status: 'failed', result: { ota_update_status: 'cancelled' } });
      }
      return changed;
    });
    if (change) return change.after;
    await this.show(workspaceId, id);
    throw new ConflictProblem('invalid_transition');
  }

  // ---- the robot's side ----------------------------------------------------------------------

  async listForAgent(
    agent: { workspaceId: string; serviceAgentId: string },
    q: ListQuery<typeof OTA_UPDATE_LIST.key, true>,
  ): Promise<OtaUpdateListDto> {
    const { rows, total } = await this.repo.listForAgent(agent.workspaceId, agent.serviceAgentId, q);
    return listEnvelope(q, rows, total);
  }

  /**
   * A robot reports progress on one of its updates: forward only (pending → downloading →
   * installing → succeeded | failed). Reporting the status it already has is accepted (a retry,
   * or a new detail); anything else is 409 invalid_transition. Updates of other robots are 404.
   */
  async report(agent: { workspaceId: string; serviceAgentId: string }, id: string, dto: ReportOtaUpdateDto): Promise<OtaUpdateDto> {
    const change = await this.db.transaction(async (tx) => {
      const changed = await this.repo.transition(
        tx,
        { workspaceId: agent.workspaceId, id, serviceAgentId: agent.serviceAgentId },
        reportableFrom(dto.status),
        dto.status,
        dto.detail,
        this.clock.date(),
      );
      const status = dto.status;
      const finish = status === 'succeeded' || status === 'failed' ? { status, result: { ota_update_status: status } } : undefined;
      if (changed) await this.recordChange(tx, agent.workspaceId, changed, finish);
      return changed;
    });
    if (change) return change.after;
    const current = await this.repo.findForAgent(agent.workspaceId, agent.serviceAgentId, id);
    if (!current) throw new NotFoundProblem();
    if (current.status === dto.status && (dto.detail === undefined || dto.detail === current.detail)) return current; // a retried final report
    throw new ConflictProblem('invalid_transition');
  }

  /** ota_update.updated when something changed; a final update finishes its command. */
  private async recordChange(
    tx: Tx,
    workspaceId: string,
    change: OtaChange,
    finishCommand?: { status: 'succeeded' | 'failed'; result: unknown },
  ): Promise<void> {
    const { before, after } = change;
    if (before.status === after.status && before.detail === after.detail) return;
    await this.outbox.record(tx, workspaceId, 'ota_update.updated', { ota_update: after });
    if (finishCommand && after.agent_command_id)
      await this.commands.finishIn(tx, after.agent_command_id, finishCommand.status, finishCommand.result);
  }
}
