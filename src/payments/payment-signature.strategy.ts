import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AuthStrategyFor, SYSTEM_ACTOR } from '../auth';
import { Clock } from '../core/common/clock/clock';
import { BadRequestProblem, NotFoundProblem } from '../core/common/problem/problem.error';
import { AppConfig } from '../core/config/app-config';
import { verifyStripeSignature } from './stripe-signature';
import type { AuthPolicy, AuthStrategy, Principal } from '../auth';
import type { RawBodyRequest } from '../core/common/http/body-parsers';
import './payments.problem-codes';

/** The payment provider: no workspace (each event names its own), no scopes, not rate limited. */
const PROVIDER: Principal = Object.freeze({ kind: 'payments', workspaceId: null, scopes: [], rateLimitSubject: null, actor: SYSTEM_ACTOR });

/**
 * POST /webhooks/payments is reached with a valid `Stripe-Signature` only (API.md): HMAC-SHA256
 * of `<t>.<raw body>` under PAYMENTS_WEBHOOK_SECRET, at most 5 minutes from our clock. A bad or
 * missing signature is 400. Without a configured secret there is no payment endpoint (404).
 */
@AuthStrategyFor('payments')
@Injectable()
export class PaymentSignatureStrategy implements AuthStrategy<Extract<AuthPolicy, { kind: 'payments' }>>, OnModuleInit {
  private readonly logger = new Logger(PaymentSignatureStrategy.name);

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    if (this.config.paymentsWebhookSecrets.length === 0) {
      this.logger.warn('no payment-provider signing secret is configured: POST /webhooks/payments answers 404');
    }
  }

  authenticate(req: RawBodyRequest): Principal {
    const secrets = this.config.paymentsWebhookSecrets;
    if (secrets.length === 0) throw new NotFoundProblem();
    const header = req.headers['stripe-signature'];
    const verdict = verifyStripeSignature(typeof header === 'string' ? header : undefined, req.rawBody, secrets, this.clock.now());
    if (verdict !== 'valid') throw new BadRequestProblem(verdict);
    return PROVIDER;
  }
}
