import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DataSubjectRegistry } from './data-subject.registry';

/**
 * The registry of data-subject contributors, which finds every `@DataSubjectSection` provider of
 * the app at boot. A feature that holds subject data declares its section with the decorator,
 * without importing the data-requests feature (which reads the registry), so the module graph
 * keeps no cycle between them.
 */
@Module({ imports: [DiscoveryModule], providers: [DataSubjectRegistry], exports: [DataSubjectRegistry] })
export class DataSubjectsModule {}
