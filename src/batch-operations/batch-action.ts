import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ProviderRegistrations } from '../core/discovery/provider-registrations';
import type { Tx } from '../core/database/db.service';

export const BATCH_ACTIONS = ['retire_robots', 'tag_robots', 'send_agent_command', 'create_ota_update', 'revoke_api_keys'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** What a batch operation's target ids name (API.md Part 2 details). */
export type BatchTargetKind = 'robot' | 'service_agent' | 'credential';

export const TARGET_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** The outcome of one target: `error` is a code (`not_found`, `robot_retired`, ...) for failed and skipped ones. */
export interface TargetOutcome {
  status: Exclude<TargetStatus, 'pending'>;
  error?: string;
}

export interface BatchChunk<P> {
  workspaceId: string;
  batchOperationId: string;
  /** the operator who created the operation (null once their account is gone) */
  createdBy: string | null;
  params: P;
}

export interface ChunkResult {
  /** By target id; a target left out failed with `not_found`. */
  outcomes: Map<string, TargetOutcome>;
  /** What to tell other nodes once the chunk has committed (best effort). */
  afterCommit?: () => Promise<void>;
}

/**
 * One action of batch operations. The feature that owns what the action changes provides its
 * handler, declared with `@BatchActionHandlerFor(action)`; the batch runner applies it to one
 * chunk of targets at a time, in the chunk's transaction, so a chunk's effects and its targets'
 * outcomes commit together (a chunk retried after a crash starts again from its first target, and
 * targets done before are not touched again).
 */
export interface BatchActionHandler<P extends object = object> {
  readonly targetKind: BatchTargetKind;
  /** The class its `params` are validated against (class-validator); absent: `{}` only. */
  readonly paramsType?: new () => P;
  apply(tx: Tx, chunk: BatchChunk<P>, targetIds: readonly string[]): Promise<ChunkResult>;
}

const handlers = new ProviderRegistrations<BatchAction, BatchActionHandler>('batch action handlers', 'BatchActionHandlerFor');

/** Declares the class the handler of `action`; BatchActionRegistry finds it at boot. */
export const BatchActionHandlerFor = (action: BatchAction) => handlers.decorator(action);

/** The handler of every action of BATCH_ACTIONS: the app does not boot unless each has exactly one. */
@Injectable()
export class BatchActionRegistry implements OnModuleInit {
  private handlers: ReadonlyMap<BatchAction, BatchActionHandler> = new Map();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.handlers = new Map(handlers.discover(this.discovery, BATCH_ACTIONS).map((r) => [r.key, r.instance]));
  }

  get(action: BatchAction): BatchActionHandler {
    const handler = this.handlers.get(action);
    if (!handler) throw new Error(`no handler registered for batch action ${action}`);
    return handler;
  }
}

/** Outcomes of a chunk from a map of found targets to their outcome; targets not found failed. */
export function outcomesOf(targetIds: readonly string[], found: ReadonlyMap<string, TargetOutcome>): Map<string, TargetOutcome> {
  return new Map(targetIds.map((id) => [id, found.get(id) ?? { status: 'failed', error: 'not_found' }]));
}
