import { Injectable } from '@nestjs/common';
import { type DataSubjectContributor, type PagedSubjectData, pagesOf } from './data-subject';

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

  /** A feature's keyset-paged rows and their erasure as the contributor of `section`. */
  registerPaged(section: string, data: PagedSubjectData, options: { order?: number } = {}): void {
    this.register({
      section,
      order: options.order,
      export: (subject, m) =>
        pagesOf(
          (after) => data.exportPage(m, subject, after),
          (row) => row.id,
        ),
      erase: (subject, m) => data.erase(m, subject),
    });
  }

  /** In erasure order: ascending `order` (default 0), then section name. */
  contributors(): DataSubjectContributor[] {
    return [...this.bySection.values()].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.section.localeCompare(b.section));
  }

  sections(): string[] {
    return this.contributors().map((c) => c.section);
  }
}
