import { Injectable } from '@nestjs/common';
import { listEnvelope } from '../core/listing/list-envelope';
import { toDomainEvent } from './domain-event-types';
import { DomainEventsRepository } from './domain-events.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { DomainEventListDto, EVENT_LIST } from './dto/event.dto';

@Injectable()
export class EventsService {
  constructor(private readonly repo: DomainEventsRepository) {}

  async list(workspaceId: string, q: ListQuery<typeof EVENT_LIST.key, true>): Promise<DomainEventListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows.map(toDomainEvent), total);
  }
}
