import { Injectable, Logger } from '@nestjs/common';
import { InjectMetric } from '@willsoto/nestjs-prometheus';
import { BadRequestProblem } from '../core/common/problem/problem.error';
import { Db, type Tx } from '../core/database/db.service';
import { PAYMENT_EVENTS_METRIC } from '../core/metrics/metric-names';
import { WorkspacesService } from '../identity';
import { type PaymentEvent, readPaymentEvent } from './payment-event';
import { type PaymentOutcome, PaymentsRepository } from './payments.repository';
import type { PaymentReceiptDto } from './dto/payment-receipt.dto';
import type { Counter } from 'prom-client';
import './payments.problem-codes';

interface Applied {
  outcome: PaymentOutcome;
  detail: string;
  /** the workspace whose status changed (announced on the bus after commit) */
  statusChanged?: string;
}

/**
 * Applies the payment provider's events (API.md, Inbound payments) once each: the event id is
 * recorded in the transaction that applies it, so a repeated event (the provider retries, or
 * sends it twice at once) is answered 200 and changes nothing. Subscriptions set the plan
 * (deleted: free); a failed invoice pauses an active workspace, a paid one reactivates a workspace
 * that a payment paused. Events older than one already applied to the same workspace and effect
 * change nothing either (providers do not deliver in order). What cannot apply (an unknown
 * workspace, type or plan) is 200 and changes nothing, with a warning in the log.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepository,
    private readonly workspaces: WorkspacesService,
    @InjectMetric(PAYMENT_EVENTS_METRIC) private readonly outcomes: Counter<string>,
  ) {}

  async receive(body: unknown): Promise<PaymentReceiptDto> {
    const event = readPaymentEvent(body);
    if (!event) throw new BadRequestProblem('invalid_event');
    const workspaceId = 'workspaceId' in event.effect ? event.effect.workspaceId : null;
    const applied = await this.db.transaction(async (tx): Promise<Applied | 'duplicate'> => {
      if (!(await this.repo.recordFirstSeen(tx, { id: event.id, type: event.type, workspaceId }))) return 'duplicate';
      const result = await this.apply(tx, event);
      await this.repo.setOutcome(tx, event.id, result.outcome, result.detail);
      return result;
    });
    if (applied === 'duplicate') {
      this.outcomes.inc({ outcome: 'duplicate' });
      return { received: true, outcome: 'duplicate' };
    }
    if (applied.statusChanged) await this.workspaces.announceChanged(applied.statusChanged);
    if (applied.outcome === 'ignored') this.logger.warn(`payment event ${event.id} (${event.type}) changed nothing: ${applied.detail}`);
    this.outcomes.inc({ outcome: applied.outcome });
    return { received: true, outcome: applied.outcome };
  }

  private async apply(tx: Tx, event: PaymentEvent): Promise<Applied> {
    const effect = event.effect;
    if (effect.kind === 'ignore') return { outcome: 'ignored', detail: effect.reason };
    const workspace = await this.workspaces.lockForPayment(tx, effect.workspaceId);
    if (!workspace) return { outcome: 'ignored', detail: 'unknown_workspace' };
    const kind = effect.kind === 'plan' ? 'plan' : 'invoice';
    if (event.created && !(await this.repo.advance(tx, workspace.id, kind, event.created))) {
      return { outcome: 'ignored', detail: `out_of_order: a later ${kind} event already applied` };
    }
    switch (effect.kind) {
      case 'plan':
        await this.workspaces.setPlanFromPayment(tx, workspace.id, effect.plan);
        return { outcome: 'applied', detail: `plan ${effect.plan}` };
      case 'pause':
        return (await this.workspaces.pauseForPayment(tx, workspace.id))
          ? { outcome: 'applied', detail: 'paused', statusChanged: workspace.id }
          : { outcome: 'ignored', detail: `not paused: the workspace is ${workspace.status}` };
      case 'resume':
        return (await this.workspaces.resumeAfterPayment(tx, workspace.id))
          ? { outcome: 'applied', detail: 'reactivated', statusChanged: workspace.id }
          : {
              outcome: 'ignored',
              detail: `not reactivated: the workspace is ${workspace.status}${workspace.status === 'paused' ? ', not by a payment' : ''}`,
            };
    }
  }
}
