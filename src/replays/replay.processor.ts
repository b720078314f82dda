import { SecretBox } from '../core/common/crypto/secret-box';
import { QueueNames } from '../core/config/queue-names';
import { QueueWorker, QueueWorkerHost } from '../core/jobs/queue-worker';
import { TracesRepository } from '../traces';
import { signStandardWebhook, WebhookHttpClient } from '../webhooks';
import { ReplaysRepository } from './replays.repository';
import { REPLAY_ATTEMPTS, targetSecretContext } from './replays.service';
import type { Job } from 'bullmq';

/**
 * Sends one replay: the stored trace (with its spans) POSTed to the workflow target as
 * `{ id, type: "trace.replay", created, data: { trace } }`, signed exactly as webhooks are
 * (Standard Webhooks: webhook-id is the replay id, the same on every attempt). A 2xx answer
 * succeeds; anything else is retried, and the last attempt's outcome is final. Each attempt is
 * recorded on the replay (status, the target's HTTP status, the error).
 */
@QueueWorker(QueueNames.replays)
export class ReplayProcessor extends QueueWorkerHost {
  constructor(
    private readonly repo: ReplaysRepository,
    private readonly traces: TracesRepository,
    private readonly box: SecretBox,
    private readonly http: WebhookHttpClient,
  ) {
    super();
  }

  async process(job: Job<{ replayId: string }>): Promise<void> {
    const work = await this.repo.claim(job.data.replayId);
    if (!work) return; // final already (a duplicate job): nothing to send
    const { replay } = work;
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? REPLAY_ATTEMPTS);
    if (work.target_deleted) return this.repo.record(replay.id, 'failed', null, 'workflow target deleted');
    const trace = await this.traces.find(work.workspace_id, replay.trace_id);
    if (!trace) return this.repo.record(replay.id, 'failed', null, 'trace deleted');
    const body = JSON.stringify({ id: replay.id, type: 'trace.replay', created: new Date().toISOString(), data: { trace } });
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = this.box.open(work.sealed_secret, targetSecretContext(replay.workflow_target_id));
    const attempt = await this.http.post(
      work.url,
      {
        'webhook-id': replay.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(replay.id, timestamp, body, [secret]),
      },
      body,
    );
    if (attempt.error === null) return this.repo.record(replay.id, 'succeeded', attempt.status ?? null, null);
    await this.repo.record(replay.id, last ? 'failed' : 'queued', attempt.status ?? null, attempt.error);
    if (!last) throw new Error(`replay ${replay.id}: ${attempt.error}`); // BullMQ retries with backoff
  }
}
