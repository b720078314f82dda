import { Global, Module } from '@nestjs/common';
import { CommittedCredentialEvents } from './committed-credential-events';
import { EventBus } from './event-bus.service';
import { RedisService } from './redis.service';

@Global()
@Module({
  providers: [RedisService, EventBus, CommittedCredentialEvents],
  exports: [RedisService, EventBus, CommittedCredentialEvents],
})
export class RedisModule {}
