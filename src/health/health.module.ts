import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CommonModule } from '../core/common/common.module';
import { JobsModule } from '../core/jobs/jobs.module';
import { HealthController } from './health.controller';
import { MigrationsRepository } from './migrations.repository';
import { ReadinessService } from './readiness.service';

@Module({
  imports: [CommonModule, JobsModule, TerminusModule],
  controllers: [HealthController],
  providers: [MigrationsRepository, ReadinessService],
})
export class HealthModule {}
