import { ApiProperty } from '@nestjs/swagger';
import { defineList } from '../../core/listing/list-definition';
import { PaginationDto } from '../../core/listing/pagination.dto';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../domain-event-types';

/** GET /api/v1/events (API.md): limit 1-100 (default 50), offset 0-10000, newest first; `type` through the shared extraction. */
export const EVENT_LIST = defineList({
  key: 'events',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'type', values: DOMAIN_EVENT_TYPES }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class DomainEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: DOMAIN_EVENT_TYPES }) type: DomainEventType;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'what the event is about, by type (docs/webhooks.md)' })
  data: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class DomainEventListDto {
  @ApiProperty({ type: [DomainEventDto] }) events: DomainEventDto[];
  @ApiProperty({ description: 'number of events in this response' }) count: number;
  @ApiProperty() pagination: PaginationDto;
}
