import { Module } from '@nestjs/common';
import { CommonModule } from '../core/common/common.module';
import { IdentityModule } from '../identity';
import { PaymentSignatureStrategy } from './payment-signature.strategy';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';

/** The payment provider's inbound events (POST /webhooks/payments): plans and payment pauses. */
@Module({
  imports: [CommonModule, IdentityModule],
  controllers: [PaymentsController],
  providers: [PaymentSignatureStrategy, PaymentsRepository, PaymentsService],
})
export class PaymentsModule {}
