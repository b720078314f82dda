import { Injectable } from '@nestjs/common';
import type { DataSubjectContributor } from './data-subject';

/**
 * The contributors of every feature that holds data about subjects (users, service agents,
 * robots). Features register at module init; data requests read them at run time, in section
 * order, so an export document always lists its sections the same way.
 */
@Injectable()
export class DataSubjectRegistry {
  private readonly bySection = new Map<string, DataSubjectContributor>();

  register(contributor: DataSubjectContributor): void {
    if (this.bySection.has(contributor.section)) throw new Error(`data subject section "${contributor.section}" registered twice`);
    this.bySection.set(contributor.section, contributor);
  }

  contributors(): DataSubjectContributor[] {
    return [...this.bySection.values()].sort((a, b) => a.section.localeCompare(b.section));
  }

  sections(): string[] {
    return this.contributors().map((c) => c.section);
  }
}
