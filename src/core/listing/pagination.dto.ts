import { ApiProperty } from '@nestjs/swagger';

/** `pagination` of keyed list responses (API.md Conventions). */
export class PaginationDto {
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
  @ApiProperty({ description: 'items matching, across all pages' }) total: number;
  @ApiProperty() has_more: boolean;
}
