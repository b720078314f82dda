import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { defineList } from '../../core/listing/list-definition';

/** GET /api/v1/messages (SPEC.md Lists): limit 1-100, offset 0-100000, keys messages and count; newest first. */
export const MESSAGE_LIST = defineList({
  key: 'messages',
  paginated: false,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 100000 } },
  order: { by: 'inserted_at', direction: 'DESC' },
});

export class CreateMessageDto {
  @ApiProperty({ minLength: 1, maxLength: 10000 })
  @IsString()
  @Length(1, 10000, { message: 'must be 1 to 10000 characters' })
  body: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  channel?: string;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() body: string;
  @ApiProperty({ nullable: true, type: String }) channel: string | null;
  @ApiProperty({ format: 'uuid' }) service_agent_id: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class MessageEnvelopeDto {
  @ApiProperty() message: MessageDto;
}

export class MessageListDto {
  @ApiProperty({ type: [MessageDto] }) messages: MessageDto[];
  @ApiProperty({ description: 'number of messages in this response' }) count: number;
}
