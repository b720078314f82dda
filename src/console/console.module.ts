import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials';
import { OperatorModule } from '../operator';
import { SessionsModule } from '../sessions';
import { WebhooksModule } from '../webhooks';
import { AgentsPageController } from './agents-page.controller';
import { AppPageController } from './app-page.controller';
import { ConsoleAssetsController } from './console-assets.controller';
import { WebhooksPageController } from './webhooks-page.controller';

/** Server-rendered operator pages under /app. */
@Module({
  imports: [CredentialsModule, OperatorModule, SessionsModule, WebhooksModule],
  // AppPageController first: its /app/agents/workspace-key routes resolve before /app/agents/:id
  controllers: [AppPageController, AgentsPageController, ConsoleAssetsController, WebhooksPageController],
})
export class ConsoleModule {}
