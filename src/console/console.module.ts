import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module';
import { OperatorModule } from '../operator/operator.module';
import { AppPageController } from './app-page.controller';

/** Server-rendered operator pages under /app. */
@Module({ imports: [CredentialsModule, OperatorModule], controllers: [AppPageController] })
export class ConsoleModule {}
