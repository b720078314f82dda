import { Controller, createParamDecorator, ExecutionContext, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth, principalOf, type RequestWithPrincipal } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { DomainEventListDto, EVENT_LIST } from './dto/event.dto';
import { EventsService } from './events.service';

/**
 * The workspace of a machine request (from its credential). Events cannot import credentials'
 * `@CurrentMachine()` (credentials records events), so it reads the principal through auth.
 */
// eslint-disable-next-line no-useless-assignment -- used as a parameter decorator below, which the rule does not see
const MachineWorkspace = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const principal = principalOf(ctx.switchToHttp().getRequest<RequestWithPrincipal>(), 'machine', '@MachineWorkspace()');
  if (!principal.workspaceId) throw new Error('a machine principal always names its workspace');
  return principal.workspaceId;
});

@ApiTags('machine')
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** The workspace's domain events, newest first: what webhooks and sockets deliver, for clients that poll. */
  @MachineAuth('events:read')
  @Get()
  @ApiOperation({
    summary: "List the workspace's domain events",
    description:
      "An `agk_` key or access token with scope `events:read`. Answers the domain events of the credential's workspace (`{ id, type, data, inserted_at }`), newest first: " +
      'what webhooks and sockets deliver, for clients that poll. `limit` 1-100 (default 50) and `offset`; `type` (or `filter[type]`, which wins) narrows them, an unknown type is 400 `invalid_type`.',
  })
  @ApiList(EVENT_LIST)
  @ApiOkResponse({ type: DomainEventListDto, description: 'an unknown type is 400 invalid_type' })
  list(@MachineWorkspace() workspaceId: string, @Query() query: Record<string, unknown>): Promise<DomainEventListDto> {
    return this.events.list(workspaceId, parseList(EVENT_LIST, query));
  }
}
