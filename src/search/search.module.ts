import { Module } from '@nestjs/common';
import { SearchPageController } from './search-page.controller';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** The observability search: operator REST and the console's search page. */
@Module({
  controllers: [SearchController, SearchPageController],
  providers: [SearchRepository, SearchService],
})
export class SearchModule {}
