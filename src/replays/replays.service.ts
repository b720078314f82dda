import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SecretBox } from '../core/common/crypto/secret-box';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { withTimeout } from '../core/common/with-timeout';
import { AppConfig } from '../core/config/app-config';
import { QueueNames } from '../core/config/queue-names';
import { listEnvelope } from '../core/listing/list-envelope';
import { checkSubscriptionUrl, mintWebhookSecret } from '../webhooks';
import { ReplaysRepository } from './replays.repository';
import type { ListQuery } from '../core/listing/list-query';
import type {
  CreateReplayDto,
  CreateWorkflowTargetDto,
  IssuedWorkflowTargetDto,
  REPLAY_LIST,
  ReplayDto,
  ReplayListDto,
  WORKFLOW_TARGET_LIST,
  WorkflowTargetListDto,
} from './dto/replay.dto';
import type { Queue } from 'bullmq';

/** What a workflow target's sealed secret is bound to (SecretBox context). */
export const targetSecretContext = (targetId: string) => `workflow_target:${targetId}`;
/** The replay job's id: one job per replay, so enqueueing it again is a no-op. */
export const replayJobId = (replayId: string) => `replay.${replayId}`;
/** Attempts of one replay (the first and two retries, 2 s then 4 s apart). */
export const REPLAY_ATTEMPTS = 3;
const ENQUEUE_TIMEOUT_MS = 2000;
const SWEEP_BATCH = 100;

/**
 * Workflow targets (a URL and a signing secret, shown once) and replays: a replay re-sends a
 * stored trace to a target as a signed POST, from a BullMQ job. The replay row is written first;
 * its job is added after, and a sweep adds it again for any replay still queued after a while (the
 * job was lost, or Redis was down when it was added), so no replay is left waiting for good.
 */
@Injectable()
export class ReplaysService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReplaysService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repo: ReplaysRepository,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
    @InjectQueue(QueueNames.replays) private readonly queue: Queue<{ replayId: string }>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.webhooks.redriveMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async createTarget(workspaceId: string, dto: CreateWorkflowTargetDto): Promise<IssuedWorkflowTargetDto> {
    const url = await checkSubscriptionUrl(dto.url, this.config.webhooks.urlPolicy);
    const id = randomUUID();
    const secret = mintWebhookSecret();
    const target = await this.repo.insertTarget(id, workspaceId, dto.name, url, this.box.seal(secret, targetSecretContext(id)));
    return { ...target, secret };
  }

  async listTargets(workspaceId: string, q: ListQuery<typeof WORKFLOW_TARGET_LIST.key, true>): Promise<WorkflowTargetListDto> {
    const { rows, total } = await this.repo.listTargets(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /** Replays already queued for it fail with `workflow target deleted`. */
  async deleteTarget(workspaceId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteTarget(workspaceId, id))) throw new NotFoundProblem();
  }

  /** 202: the replay is queued; the job sends it. A trace or target that is not the workspace's is 422. */
  async create(workspaceId: string, serviceAgentId: string, dto: CreateReplayDto): Promise<ReplayDto> {
    const replay = await this.repo.insertReplay(
      workspaceId,
      dto.trace_id.toLowerCase(),
      dto.workflow_target_id?.toLowerCase() ?? null,
      serviceAgentId,
    );
    if (replay === 'trace') throw new ValidationProblem({ trace_id: ['must be a trace of this workspace'] });
    if (replay === 'target') {
      throw new ValidationProblem({
        workflow_target_id: [
          dto.workflow_target_id ? 'must be a workflow target of this workspace' : 'the workspace has no workflow target: create one first',
        ],
      });
    }
    await this.enqueue([replay.id]);
    return replay;
  }

  async list(workspaceId: string, q: ListQuery<typeof REPLAY_LIST.key, true>): Promise<ReplayListDto> {
    const { rows, total } = await this.repo.listReplays(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /** Adds the replays' jobs; when Redis cannot take them now, the sweep does later. */
  private async enqueue(ids: string[]): Promise<void> {
    try {
      await withTimeout(
        this.queue.addBulk(
          ids.map((replayId) => ({
            name: 'replay',
            data: { replayId },
            opts: { jobId: replayJobId(replayId), attempts: REPLAY_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 } },
          })),
        ),
        ENQUEUE_TIMEOUT_MS,
        'enqueueing replays',
      );
    } catch (err) {
      this.logger.warn(`replays ${ids.join(', ')} not enqueued now (${(err as Error).message}); the sweep retries`);
    }
  }

  /**
   * Re-adds the jobs of replays still not final after a sweep interval. A job that exists and is
   * waiting or running stays as it is (adding its id again is a no-op); one that has finished
   * (failed for good, say after its three attempts met a Postgres outage, while its replay was
   * left queued or running) is removed first, as BullMQ ignores an add whose id a finished job
   * still holds: without that, such a replay waited for good.
   */
  async sweep(): Promise<void> {
    try {
      const ids = await this.repo.overdue(new Date(Date.now() - this.config.webhooks.redriveMs), SWEEP_BATCH);
      if (ids.length === 0) return;
      await this.repo.touch(ids);
      await withTimeout(this.removeFinishedJobs(ids), ENQUEUE_TIMEOUT_MS, 'removing finished replay jobs');
      await this.enqueue(ids);
    } catch (err) {
      this.logger.warn(`replay sweep: ${(err as Error).message}`);
    }
  }

  private async removeFinishedJobs(ids: string[]): Promise<void> {
    for (const id of ids) {
      const job = await this.queue.getJob(replayJobId(id));
      if (job && ['failed', 'completed'].includes(await job.getState())) await job.remove();
    }
  }
}
