import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI schema of the RFC 9457 problem body (application/problem+json). */
export class ProblemDto {
  @ApiProperty({ example: 'http://localhost:4000/problems/unauthorized' }) type: string;
  @ApiProperty({ example: 'Unauthorized' }) title: string;
  @ApiProperty({ example: 401 }) status: number;
  @ApiProperty({ example: 'invalid_api_key', description: 'machine-readable code or message' }) detail: string;
  @ApiPropertyOptional({ example: 'workspace_frozen', description: 'top-level code on workspace refusals' }) error?: string;
  @ApiPropertyOptional({ description: 'on rate limits: the x-request-id' }) request_id?: string;
  @ApiPropertyOptional({ example: { retry_after_seconds: 12 } }) extra?: Record<string, unknown>;
  @ApiPropertyOptional({
    description: 'on 422 validation problems: messages by field',
    example: { email: ['must be an email'] },
  })
  errors?: Record<string, string[]>;
}
