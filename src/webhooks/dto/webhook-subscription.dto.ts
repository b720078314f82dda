import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { Trim } from '../../core/common/validation/transforms';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../../events';

/** `["*"]`: every event type, present and future. */
export const ALL_EVENT_TYPES = '*';
/** What a subscription's event_types hold: known event types, or ALL_EVENT_TYPES alone. */
export type WebhookEventSelection = DomainEventType | typeof ALL_EVENT_TYPES;
export const WEBHOOK_SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];
/** operator: PATCH status disabled; failing: 3 days without a successful delivery; gone: the receiver answered 410. */
export const WEBHOOK_DISABLED_REASONS = ['operator', 'failing', 'gone'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;

const KNOWN: ReadonlySet<string> = new Set(DOMAIN_EVENT_TYPES);
const shown = (value: unknown) => JSON.stringify(String(value).slice(0, 64));

/** Why an event-type selection is refused, or null: a non-empty list of known types, or `["*"]` alone. */
export function eventTypesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be an array of event types';
  if (value.length === 0) return 'must not be empty';
  if (value.length > DOMAIN_EVENT_TYPES.length + 1) return `must have at most ${DOMAIN_EVENT_TYPES.length} items`;
  const unknown = value.filter((t) => typeof t !== 'string' || (t !== ALL_EVENT_TYPES && !KNOWN.has(t)));
  if (unknown.length > 0) return `unknown event type ${unknown.slice(0, 5).map(shown).join(', ')}`;
  if (value.includes(ALL_EVENT_TYPES) && new Set(value).size > 1) return '"*" (every event type) stands alone';
  return null;
}

/** API.md: unknown event_types are 422. Duplicates are collapsed by the service. */
const IsEventTypeSelection = () =>
  ValidateBy({
    name: 'eventTypeSelection',
    validator: {
      validate: (value: unknown) => eventTypesProblem(value) === null,
      defaultMessage: (args) => eventTypesProblem(args?.value) ?? 'is invalid',
    },
  });

const eventTypesDoc = {
  type: [String],
  enum: [ALL_EVENT_TYPES, ...DOMAIN_EVENT_TYPES],
  enumName: 'WebhookEventTypeSelection',
  description: 'the event types to receive, or ["*"] for every type (also those added later)',
  example: ['robot.claimed', 'robot.retired'],
};

export class CreateWebhookSubscriptionDto {
  @ApiProperty({
    maxLength: WEBHOOK_URL_MAX,
    example: 'https://hooks.example.com/agent-network',
    description:
      'http(s) URL without credentials or fragment; in production https only, and it must not resolve to a private, loopback or link-local address',
  })
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(WEBHOOK_URL_MAX)
  url: string;

  @ApiProperty(eventTypesDoc)
  @IsEventTypeSelection()
  event_types: WebhookEventSelection[];

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX)
  description?: string | null;
}

export class UpdateWebhookSubscriptionDto {
  @ApiPropertyOptional({ maxLength: WEBHOOK_URL_MAX })
  @ValidateIf((_, value) => value !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'must not be blank' })
  @MaxLength(WEBHOOK_URL_MAX)
  url?: string;

  @ApiPropertyOptional(eventTypesDoc)
  @ValidateIf((_, value) => value !== undefined)
  @IsEventTypeSelection()
  event_types?: WebhookEventSelection[];

  @ApiPropertyOptional({
    enum: WEBHOOK_SUBSCRIPTION_STATUSES,
    description: 'active re-enables (and forgets past failures); disabled stops deliveries',
  })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(WEBHOOK_SUBSCRIPTION_STATUSES, { message: 'must be one of active, disabled' })
  status?: WebhookSubscriptionStatus;

  @ApiPropertyOptional({ maxLength: WEBHOOK_DESCRIPTION_MAX, nullable: true, type: String, description: 'null clears it' })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX)
  description?: string | null;
}

export class WebhookSubscriptionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ type: [String], enum: [ALL_EVENT_TYPES, ...DOMAIN_EVENT_TYPES], enumName: 'WebhookEventTypeSelection' })
  event_types: WebhookEventSelection[];
  @ApiProperty({ enum: WEBHOOK_SUBSCRIPTION_STATUSES }) status: WebhookSubscriptionStatus;
  @ApiProperty({ enum: WEBHOOK_DISABLED_REASONS, nullable: true, type: String, description: 'why it is disabled' })
  disabled_reason: WebhookDisabledReason | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'first failed attempt since the last success' })
  failing_since: string | null;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'until then deliveries are signed by the previous secret too',
  })
  previous_secret_expires_at: string | null;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** Creation and rotation show the signing secret, once. */
export class WebhookSubscriptionWithSecretDto extends WebhookSubscriptionDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYq=',
    description: 'shown once: whsec_ and base64 of 32 random bytes',
  })
  secret: string;
}

export class WebhookSubscriptionEnvelopeDto {
  @ApiProperty() webhook_subscription: WebhookSubscriptionDto;
}

export class WebhookSubscriptionSecretEnvelopeDto {
  @ApiProperty() webhook_subscription: WebhookSubscriptionWithSecretDto;
}

/** GET /api/v1/operator/webhook_subscriptions: newest first; `status` through the shared extraction. */
export const WEBHOOK_SUBSCRIPTION_LIST = defineList({
  key: 'webhook_subscriptions',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: WEBHOOK_SUBSCRIPTION_STATUSES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class WebhookSubscriptionListDto {
  @ApiProperty({ type: [WebhookSubscriptionDto] }) webhook_subscriptions: WebhookSubscriptionDto[];
  @ApiProperty({ description: 'number of subscriptions in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
