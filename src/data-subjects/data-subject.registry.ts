import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ProviderRegistrations } from '../core/discovery/provider-registrations';
import { type DataSubjectContributor, type PagedSubjectData, pagesOf } from './data-subject';

interface SectionOptions {
  /** Erasure order (DataSubjectContributor.order); 0 when left out. */
  order?: number;
}

const sections = new ProviderRegistrations<string, PagedSubjectData, SectionOptions>('data-subject sections', 'DataSubjectSection');

/**
 * Declares the class (a feature's repository, usually) the holder of one section of data-subject
 * exports and erasures: its keyset-paged rows and their erasure. DataSubjectRegistry finds it at
 * boot; a section declared twice stops the boot.
 */
export const DataSubjectSection = (section: string, options?: SectionOptions) => sections.decorator(section, options);

/**
 * The contributors of every feature that holds data about subjects (users, service agents,
 * robots), found at boot by their `@DataSubjectSection`; data requests read them at run time, in
 * section order, so an export document always lists its sections the same way.
 */
@Injectable()
export class DataSubjectRegistry implements OnModuleInit {
  private readonly bySection = new Map<string, DataSubjectContributor>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const { key: section, instance: data, options } of sections.discover(this.discovery)) {
      this.bySection.set(section, {
        section,
        order: options?.order,
        export: (subject, m) =>
          pagesOf(
            (after) => data.exportPage(m, subject, after),
            (row) => row.id,
          ),
        erase: (subject, m) => data.erase(m, subject),
      });
    }
  }

  /** In erasure order: ascending `order` (default 0), then section name. */
  contributors(): DataSubjectContributor[] {
    return [...this.bySection.values()].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.section.localeCompare(b.section));
  }

  sections(): string[] {
    return this.contributors().map((c) => c.section);
  }
}
