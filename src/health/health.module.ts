import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { MigrationsRepository } from './migrations.repository';
import { ReadinessService } from './readiness.service';

@Module({ imports: [TerminusModule], controllers: [HealthController], providers: [MigrationsRepository, ReadinessService] })
export class HealthModule {}
