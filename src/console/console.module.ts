import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials';
import { OperatorModule } from '../operator';
import { AppPageController } from './app-page.controller';

/** Server-rendered operator pages under /app. */
@Module({ imports: [CredentialsModule, OperatorModule], controllers: [AppPageController] })
export class ConsoleModule {}
