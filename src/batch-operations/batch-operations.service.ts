import { Injectable, Logger } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { toFieldErrors } from '../core/common/validation/validation';
import { AppConfig } from '../core/config/app-config';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { RobotsService } from '../enrollment';
import { type BatchActionHandler, BatchActionRegistry } from './batch-action';
import { BatchOperationsRepository } from './batch-operations.repository';
import { BatchQueue } from './batch-queue.service';
import { BatchRunner } from './batch-runner.service';
import {
  type BATCH_OPERATION_LIST,
  type BATCH_TARGET_LIST,
  type BatchOperationDto,
  type BatchOperationListDto,
  type BatchOperationShowDto,
  type CreateBatchOperationDto,
  MAX_BATCH_TARGETS,
} from './dto/batch-operation.dto';
import type { ListQuery } from '../core/listing/list-query';

/** An operation's events name it, labelled with its action. */
const batchTarget = (b: BatchOperationDto) => ({ type: 'batch_operation', id: b.id, label: b.action });

/**
 * Batch operations: created by an operator (or by an OTA update for a cohort) with up to 10,000
 * targets or a cohort, applied in chunks by the `batch_operations` worker (BatchRunner), read with
 * a page of their targets, and cancelled between chunks.
 */
@Injectable()
export class BatchOperationsService {
  private readonly logger = new Logger(BatchOperationsService.name);

  constructor(
    private readonly db: Db,
    private readonly repo: BatchOperationsRepository,
    private readonly registry: BatchActionRegistry,
    private readonly runner: BatchRunner,
    private readonly queue: BatchQueue,
    private readonly robots: RobotsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Validates the action's params and resolves the targets (422 on either), stores the operation
   * with its targets, then queues its first chunk. Should Redis not take it, the operation is
   * stored all the same (202) and the sweep queues it when Redis is back.
   */
  async create(operator: { workspaceId: string; userId: string }, dto: CreateBatchOperationDto): Promise<BatchOperationDto> {
    const handler = this.registry.get(dto.action);
    const params = validateParams(handler, dto.params ?? {});
    const targetIds = await this.targets(operator.workspaceId, handler, dto);
    const operation = await this.db.transaction(async (tx) => {
      const created = await this.repo.insert(tx, {
        workspaceId: operator.workspaceId,
        action: dto.action,
        params,
        targetIds,
        cohortId: dto.cohort_id ?? null,
        createdBy: operator.userId,
        chunkSize: this.config.batchChunkSize,
      });
      // one event for the operation; its chunks' work on each target is not audited again (ADR 0239)
      await this.audit.record(tx, {
        workspaceId: operator.workspaceId,
        action: 'batch_operation.create',
        target: batchTarget(created),
        // not params: an agent command's payload or an artifact URL may carry anything
        changes: AuditLog.changes(null, created, ['action', 'total', 'cohort_id', 'status']),
      });
      if (targetIds.length > 0) return created;
      const done = await this.repo.finish(tx, created.id, 'completed', this.clock.date());
      await this.runner.finished(tx, operator.workspaceId, done);
      return done;
    });
    if (operation.status === 'queued') {
      await this.queue.next(operation.id, 0).catch((err: unknown) => {
        this.logger.warn(`batch operation ${operation.id} stored, its first chunk not queued (${(err as Error).message}); the sweep will`);
      });
    }
    return operation;
  }

  async list(workspaceId: string, q: ListQuery<typeof BATCH_OPERATION_LIST.key, true>): Promise<BatchOperationListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, id: string, q: ListQuery<typeof BATCH_TARGET_LIST.key, true>): Promise<BatchOperationShowDto> {
    const operation = await this.repo.find(workspaceId, id);
    if (!operation) throw new NotFoundProblem();
    const { targets, pagination } = listEnvelope(q, await this.repo.targets(id, q), operation.total);
    return { batch_operation: { ...operation, targets, targets_pagination: pagination } };
  }

  /**
   * Cancels a queued or running operation: waits for a chunk in progress, then no target after it
   * is touched (they are marked skipped, `cancelled`). 409 invalid_transition once it has finished.
   */
  async cancel(workspaceId: string, id: string, userId: string): Promise<BatchOperationDto> {
    const cancelled = await this.db.transaction(async (tx) => {
      const done = await this.repo.cancel(tx, workspaceId, id, userId, this.clock.date());
      if (!done) return undefined;
      const { operation, previousStatus } = done;
      await Promise.all([
        this.audit.record(tx, {
          workspaceId,
          action: 'batch_operation.cancel',
          target: batchTarget(operation),
          changes: { status: [previousStatus, operation.status] },
        }),
        this.runner.finished(tx, workspaceId, operation),
      ]);
      return operation;
    });
    if (cancelled) return cancelled;
    if (!(await this.repo.find(workspaceId, id))) throw new NotFoundProblem();
    throw new ConflictProblem('invalid_transition');
  }

  /** target_ids (repeats dropped, order kept), or the cohort's robots (their agents for agent targets). */
  private async targets(workspaceId: string, handler: BatchActionHandler, dto: CreateBatchOperationDto): Promise<string[]> {
    if ((dto.target_ids === undefined) === (dto.cohort_id === undefined)) {
      throw new ValidationProblem({ target_ids: ['give either target_ids or cohort_id'] });
    }
    if (dto.target_ids) return [...new Set(dto.target_ids.map((id) => id.toLowerCase()))];
    if (handler.targetKind === 'credential') throw new ValidationProblem({ cohort_id: [`cannot be used with ${dto.action}`] });
    const robots = await this.robots.cohortRobots(workspaceId, dto.cohort_id!, MAX_BATCH_TARGETS + 1);
    if (!robots) throw new ValidationProblem({ cohort_id: ['does not exist'] });
    if (robots.length > MAX_BATCH_TARGETS) throw new ValidationProblem({ cohort_id: [`has more than ${MAX_BATCH_TARGETS} robots`] });
    return handler.targetKind === 'robot' ? robots.map((r) => r.id) : robots.flatMap((r) => (r.serviceAgentId ? [r.serviceAgentId] : []));
  }
}

/** The action's params checked against its params class, as the request body is (422 under `params.`). */
export function validateParams(handler: BatchActionHandler, params: Record<string, unknown>): Record<string, unknown> {
  if (!handler.paramsType) {
    const unknown = Object.keys(params);
    if (unknown.length > 0)
      throw new ValidationProblem(Object.fromEntries(unknown.map((k) => [`params.${k}`, ['is not an allowed field']])));
    return {};
  }
  const instance = plainToInstance(handler.paramsType, params);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: true } });
  if (errors.length > 0) throw new ValidationProblem(toFieldErrors(errors, 'params'));
  return { ...instance };
}
