import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Length, MaxLength } from 'class-validator';

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
