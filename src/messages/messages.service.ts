import { Injectable } from '@nestjs/common';
import { listEnvelope } from '../core/listing/list-envelope';
import { MessagesRepository } from './messages.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { MachinePrincipal } from '../credentials';
import type { CreateMessageDto, MESSAGE_LIST, MessageDto, MessageListDto } from './dto/message.dto';

/**
 * Messages of a workspace, written and read by its service agents. The workspace and the author
 * are the calling credential's, never a value from the request.
 */
@Injectable()
export class MessagesService {
  constructor(private readonly repo: MessagesRepository) {}

  /** Stores a message in the caller's workspace, attributed to the caller's agent. */
  post(machine: MachinePrincipal, dto: CreateMessageDto): Promise<MessageDto> {
    return this.repo.insert(machine.workspaceId, machine.serviceAgentId, dto.body, dto.channel ?? null);
  }

  /** The caller's workspace's messages (every agent's), newest first. */
  async list(machine: MachinePrincipal, q: ListQuery<typeof MESSAGE_LIST.key, false>): Promise<MessageListDto> {
    return listEnvelope(q, await this.repo.list(machine.workspaceId, q));
  }
}
