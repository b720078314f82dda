import { Module } from '@nestjs/common';
import { DataSubjectRegistry } from './data-subject.registry';

/**
 * The registry of data-subject contributors. A feature that holds subject data imports this small
 * module to register its contributor, without importing the data-requests feature (which reads the
 * registry), so the module graph keeps no cycle between them. One instance serves every importer.
 */
@Module({ providers: [DataSubjectRegistry], exports: [DataSubjectRegistry] })
export class DataSubjectsModule {}
