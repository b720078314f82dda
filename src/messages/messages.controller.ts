import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { parseList } from '../core/listing/list-query';
import { CurrentMachine } from '../credentials';
import { CreateMessageDto, MESSAGE_LIST, MessageEnvelopeDto, MessageListDto } from './dto/message.dto';
import { MessagesService } from './messages.service';
import type { MachinePrincipal } from '../credentials';

@ApiTags('machine')
@Controller('api/v1/messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @MachineAuth('messages:write')
  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Post a message',
    description:
      'A service agent, with an `agk_` key or access token holding `messages:write`, stores a message (`body` of 1 to 10000 characters, optional `channel`) in its workspace, attributed to the calling agent. ' +
      'Answers 201 `{ message }`; 422 `validation_failed` for a bad body. Counted by the machine rate limit, per credential.',
  })
  @ApiCreatedResponse({ type: MessageEnvelopeDto })
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateMessageDto): Promise<MessageEnvelopeDto> {
    return { message: await this.messages.post(machine, dto) };
  }

  @MachineAuth('messages:read')
  @Get()
  @ApiList(MESSAGE_LIST)
  @ApiOperation({
    summary: "List the workspace's messages",
    description:
      'A service agent, with an `agk_` key or access token holding `messages:read`, reads the messages of its workspace (all agents), newest first. ' +
      'Answers `{ messages, count }` (no pagination object); `limit` is 1 to 100 (default 50), `offset` 0 to 100000, and a value out of range is 400 `invalid_limit` or `invalid_offset`.',
  })
  @ApiOkResponse({ type: MessageListDto })
  list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<MessageListDto> {
    return this.messages.list(machine, parseList(MESSAGE_LIST, query));
  }
}
