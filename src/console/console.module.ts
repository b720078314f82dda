import { Module } from '@nestjs/common';
import { OperatorModule } from '../operator/operator.module';
import { AppPageController } from './app-page.controller';

/** Server-rendered operator pages under /app. */
@Module({ imports: [OperatorModule], controllers: [AppPageController] })
export class ConsoleModule {}
