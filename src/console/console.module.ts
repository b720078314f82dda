import { Module } from '@nestjs/common';
import { AppPageController } from './app-page.controller';

/** Server-rendered operator pages under /app. */
@Module({ controllers: [AppPageController] })
export class ConsoleModule {}
