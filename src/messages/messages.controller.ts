import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth';
import { ApiList } from '../core/listing/api-list.decorator';
import { listEnvelope } from '../core/listing/list-envelope';
import { parseList } from '../core/listing/list-query';
import { CurrentMachine } from '../credentials';
import type { MachinePrincipal } from '../credentials';
import { CreateMessageDto, MESSAGE_LIST, MessageEnvelopeDto, MessageListDto } from './dto/message.dto';
import { MessagesRepository } from './messages.repository';

@ApiTags('machine')
@Controller('api/v1/messages')
export class MessagesController {
  constructor(private readonly messages: MessagesRepository) {}

  @MachineAuth('messages:write')
  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: MessageEnvelopeDto })
  async create(@CurrentMachine() machine: MachinePrincipal, @Body() dto: CreateMessageDto): Promise<MessageEnvelopeDto> {
    return {
      message: await this.messages.insert(machine.workspaceId, machine.serviceAgentId, dto.body, dto.channel ?? null),
    };
  }

  @MachineAuth('messages:read')
  @Get()
  @ApiList(MESSAGE_LIST)
  @ApiOkResponse({ type: MessageListDto })
  async list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<MessageListDto> {
    const q = parseList(MESSAGE_LIST, query);
    return listEnvelope(q, await this.messages.list(machine.workspaceId, q));
  }
}
