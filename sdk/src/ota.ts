import { CommandFailed, CommandHandler } from './agent-socket';
import { ProblemError } from './errors';
import type { AgentClient } from './agent-client';
import type { AgentCommand, OtaReportStatus, OtaUpdate } from './api-types';

/** The agent command the service pushes when an operator creates an OTA update for the robot. */
export const OTA_UPDATE_COMMAND = 'ota_update';

/** The order a robot walks an update through; it never reports backwards. */
const ORDER: Record<OtaReportStatus, number> = { downloading: 1, installing: 2, succeeded: 3, failed: 3 };

/** The part of an OTA update a robot needs: which one, and what to install. */
export type OtaWork = Pick<OtaUpdate, 'id'> & Partial<Pick<OtaUpdate, 'update_type' | 'version' | 'artifact_url' | 'sha256'>>;

/**
 * The update an `ota_update` command is about. The service sends `{ ota_update: { id,
 * update_type, version, artifact_url, sha256 } }`; `{ ota_update_id }` and `{ id }` are read too,
 * for commands an operator sent by hand.
 */
export function otaUpdateOf(command: AgentCommand): OtaWork | undefined {
  const payload = command.payload as Record<string, unknown>;
  const nested = payload.ota_update as Record<string, unknown> | undefined;
  const id = (typeof nested?.id === 'string' && nested.id) || payload.ota_update_id || payload.id;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  const source = nested ?? payload;
  const pick = (k: string) => (typeof source[k] === 'string' ? source[k] : undefined);
  return {
    id,
    update_type: pick('update_type') as OtaWork['update_type'],
    version: pick('version'),
    artifact_url: pick('artifact_url'),
    sha256: pick('sha256'),
  };
}

/** What the device does for each step; each may throw to fail the update with its message. */
export interface OtaSteps {
  download?: (update: OtaWork, signal: AbortSignal) => Promise<void> | void;
  install?: (update: OtaWork, signal: AbortSignal) => Promise<void> | void;
}

/** Reports progress in order; refuses to go backwards before asking the service. */
export class OtaProgress {
  private reached = 0;
  constructor(
    private readonly agent: AgentClient,
    readonly update: OtaWork,
  ) {}

  async report(status: OtaReportStatus, detail?: string, signal?: AbortSignal): Promise<void> {
    if (ORDER[status] <= this.reached) {
      throw new RangeError(`OTA update ${this.update.id}: cannot report ${status} after a later status`);
    }
    await this.agent.reportOtaProgress(
      this.update.id,
      detail === undefined ? { status } : { status, detail: detail.slice(0, 1000) },
      signal,
    );
    this.reached = ORDER[status];
  }
}

/**
 * Walks one update: downloading → (download) → installing → (install) → succeeded, or failed
 * with the error's message when a step throws. A refusal of the PATCH itself (the update was
 * cancelled: 409; the route or scope missing) stops the walk and is thrown as the ProblemError.
 */
export async function walkOtaUpdate(
  agent: AgentClient,
  update: OtaWork,
  steps: OtaSteps = {},
  signal: AbortSignal = new AbortController().signal,
): Promise<'succeeded' | 'failed'> {
  const progress = new OtaProgress(agent, update);
  await progress.report('downloading', undefined, signal);
  try {
    await steps.download?.(update, signal);
    await progress.report('installing', undefined, signal);
    await steps.install?.(update, signal);
  } catch (err) {
    if (err instanceof ProblemError) throw err;
    await progress.report('failed', err instanceof Error ? err.message : String(err), signal);
    return 'failed';
  }
  await progress.report('succeeded', undefined, signal);
  return 'succeeded';
}

/**
 * A handler for `ota_update` commands: walks the update and answers the command with
 * `{ ota_update_id, status }`; fails the command when the walk could not be reported.
 */
export function otaUpdateHandler(steps: OtaSteps = {}): CommandHandler {
  return async (command, { agent, signal }) => {
    const update = otaUpdateOf(command);
    if (!update) throw new CommandFailed({ error: 'invalid_ota_update_command' });
    try {
      const status = await walkOtaUpdate(agent, update, steps, signal);
      if (status === 'failed') throw new CommandFailed({ ota_update_id: update.id, status });
      return { ota_update_id: update.id, status };
    } catch (err) {
      if (err instanceof ProblemError)
        throw new CommandFailed({ ota_update_id: update.id, error: `${err.slug}:${err.detail}`, status: err.status });
      throw err;
    }
  };
}
