import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">' })
  @ApiBody({
    description: "the provider's event: { id, type, created, data: { object } }",
    schema: {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string', example: 'evt_1' }, type: { type: 'string', example: 'invoice.paid' }, created: { type: 'integer' }, data: { type: 'object' } },
    },
  })
  @ApiOkResponse({ type: PaymentReceiptDto, description: 'also for events that change nothing, so the provider does not retry them' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'PAYMENTS_WEBHOOK_SECRET is not configured' })
  receive(@Body() event: Record<string, unknown>): Promise<PaymentReceiptDto> {
    return this.payments.receive(event);
  }
}
