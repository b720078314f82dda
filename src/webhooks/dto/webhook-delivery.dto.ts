import { ApiProperty } from '@nestjs/swagger';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../../events';

/**
 * pending: not delivered yet, another attempt is due at next_attempt_at; succeeded: a 2xx answer;
 * failed: the retry window ended (or the subscription was disabled) without one.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', description: 'also the webhook-id header of every attempt' }) id: string;
  @ApiProperty({ format: 'uuid' }) subscription_id: string;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty({ enum: DOMAIN_EVENT_TYPES }) event_type: DomainEventType;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status: WebhookDeliveryStatus;
  @ApiProperty({ description: 'attempts made so far' }) attempts: number;
  @ApiProperty({ nullable: true, type: Number, description: "the last attempt's HTTP status, if the receiver answered" })
  response_status: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'why the last attempt failed' }) last_error: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'pending only: when the next attempt is due' })
  next_attempt_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_attempt_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class WebhookDeliveryAttemptDto {
  @ApiProperty({ description: '1 for the first attempt' }) number: number;
  @ApiProperty({ description: 'asked for with retry' }) manual: boolean;
  @ApiProperty({ format: 'date-time' }) started_at: string;
  @ApiProperty() duration_ms: number;
  @ApiProperty({ nullable: true, type: Number }) response_status: number | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
}

export class WebhookDeliveryWithAttemptsDto extends WebhookDeliveryDto {
  @ApiProperty({ type: [WebhookDeliveryAttemptDto], description: 'every recorded attempt, oldest first' })
  attempt_history: WebhookDeliveryAttemptDto[];
}

export class WebhookDeliveryEnvelopeDto {
  @ApiProperty() delivery: WebhookDeliveryDto;
}

export class WebhookDeliveryDetailEnvelopeDto {
  @ApiProperty() delivery: WebhookDeliveryWithAttemptsDto;
}

/** GET .../webhook_subscriptions/:id/deliveries (SPEC.md: limit default 30, max 100); `status` (both forms). */
export const WEBHOOK_DELIVERY_LIST = defineList({
  key: 'deliveries',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 30 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: WEBHOOK_DELIVERY_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class WebhookDeliveryListDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) deliveries: WebhookDeliveryDto[];
  @ApiProperty({ description: 'number of deliveries in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}

/**
 * The body of every delivery POST to a subscription's URL (the `delivery` callback of the
 * subscription routes): the event as it was recorded, `created` its recording time.
 */
export class WebhookPayloadDto {
  @ApiProperty({ format: 'uuid', description: 'the event id (the same in every delivery of this event)' }) id: string;
  @ApiProperty({ enum: DOMAIN_EVENT_TYPES }) type: DomainEventType;
  @ApiProperty({ format: 'date-time', description: 'when the event was recorded, ISO 8601 UTC with milliseconds' }) created: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'what the event is about, by type (docs/webhooks.md)' })
  data: Record<string, unknown>;
}
