import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaymentProviderAuth } from '../auth';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { PaymentReceiptDto } from './dto/payment-receipt.dto';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller('webhooks')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The payment provider's events (docs/webhooks.md, "Payments"); not rate limited. */
  @PaymentProviderAuth()
  @Post('payments')
  @HttpCode(200)
  @ApiOperation({
    summary: "Receive a payment provider's event",
    description:
      'Called by the payment provider only, signed as Stripe signs: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under PAYMENTS_WEBHOOK_SECRET, at most 5 minutes from our clock. ' +
      "`customer.subscription.created` and `.updated` set the workspace plan from the price's `metadata.plan`, `customer.subscription.deleted` returns it to `free`, `invoice.payment_failed` pauses an active workspace and `invoice.paid` reactivates one a payment paused. " +
      'Each event id applies once: a repeat, an older event, or an unknown workspace, type or plan is answered 200 and changes nothing. 400 `missing_signature`, `invalid_signature`, `signature_expired` or `invalid_event`; 404 when no signing secret is configured; not rate limited.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">' })
  @ApiBody({
    description: "the provider's event: { id, type, created, data: { object } }",
    schema: {
      type: 'object',
      required: ['id', 'type'],
      properties: {
        id: { type: 'string', example: 'evt_1' },
        type: { type: 'string', example: 'invoice.paid' },
        created: { type: 'integer' },
        data: { type: 'object' },
      },
    },
  })
  @ApiOkResponse({ type: PaymentReceiptDto, description: 'also for events that change nothing, so the provider does not retry them' })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'missing_signature, invalid_signature, signature_expired or invalid_event' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PAYMENTS_WEBHOOK_SECRET is not configured' })
  receive(@Body() event: Record<string, unknown>): Promise<PaymentReceiptDto> {
    return this.payments.receive(event);
  }
}
