import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MachineAuth } from '../auth/auth-policy';
import { parsePage } from '../core/common/pagination/pagination';
import { ProblemDto } from '../core/common/problem/problem.dto';
import { CurrentMachine } from '../credentials/machine-auth.strategy';
import type { MachinePrincipal } from '../credentials/machine-principal';
import { CreateMessageDto, MessageEnvelopeDto, MessageListDto } from './dto/message.dto';
import { MessagesRepository } from './messages.repository';

export const MESSAGES_PAGE = { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 100000 } };

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
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: 100000, default: 0 } })
  @ApiOkResponse({ type: MessageListDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_limit or invalid_offset' })
  async list(@CurrentMachine() machine: MachinePrincipal, @Query() query: Record<string, unknown>): Promise<MessageListDto> {
    const messages = await this.messages.list(machine.workspaceId, parsePage(query, MESSAGES_PAGE));
    return { messages, count: messages.length };
  }
}
