import { Global, Module } from '@nestjs/common';
import { EventBus } from './event-bus.service';
import { RedisService } from './redis.service';

@Global()
@Module({ providers: [RedisService, EventBus], exports: [RedisService, EventBus] })
export class RedisModule {}
