import { ApiProperty } from '@nestjs/swagger';
import { defineList } from '../../core/listing/list-definition';
import { SEARCH_KINDS } from '../search-sources';

/** API.md: limit default 20, max 50 (no offset: the best hits only); `kind` through the shared extraction. */
export const SEARCH_LIST = defineList({
  key: 'hits',
  paginated: false,
  page: { limit: { min: 1, max: 50, default: 20 } },
  filters: [{ name: 'kind', values: SEARCH_KINDS }],
  order: { by: 'inserted_at', direction: 'DESC' },
});

/** q: 1 to 200 characters after trimming (400 invalid_q otherwise). */
export const SEARCH_QUERY_MAX = 200;

export class SearchHitDto {
  @ApiProperty({ enum: SEARCH_KINDS }) kind: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'up to about 20 words around the matches, each match between « and »' }) snippet: string;
  @ApiProperty({ format: 'date-time' }) inserted_at: string;
}

export class SearchResultDto {
  @ApiProperty({ type: [SearchHitDto], description: 'best match first, then newest' }) hits: SearchHitDto[];
  @ApiProperty({ description: 'number of hits in this response' }) count: number;
}
