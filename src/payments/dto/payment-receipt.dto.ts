import { ApiProperty } from '@nestjs/swagger';

export class PaymentReceiptDto {
  @ApiProperty({ enum: [true] }) received: true;
  @ApiProperty({
    enum: ['applied', 'ignored', 'duplicate'],
    description:
      'applied: the workspace changed as the event says; ignored: nothing to change (unknown workspace, type or plan, an older event); duplicate: this event id was processed before',
  })
  outcome: 'applied' | 'ignored' | 'duplicate';
}
