import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials';
import { OperatorModule } from '../operator';
import { SessionsModule } from '../sessions';
import { WebhooksModule } from '../webhooks';
import { AppPageController } from './app-page.controller';
import { ConsoleAssetsController } from './console-assets.controller';
import { WebhooksPageController } from './webhooks-page.controller';

/** Server-rendered operator pages under /app. */
@Module({
  imports: [CredentialsModule, OperatorModule, SessionsModule, WebhooksModule],
  controllers: [AppPageController, ConsoleAssetsController, WebhooksPageController],
})
export class ConsoleModule {}
