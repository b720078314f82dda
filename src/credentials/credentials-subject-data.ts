import { Injectable } from '@nestjs/common';
import { type AfterErasure, type DataSubject, DataSubjectSection, type PagedSubjectData } from '../data-subjects';
import { CredentialRevoker } from './credential-revoker.service';
import { CredentialsRepository } from './credentials.repository';
import type { Tx } from '../core/database/db.service';

/** Data requests (issue 22): a subject's agents' keys (their public parts); an erasure revokes them on every node. */
@DataSubjectSection('credentials')
@Injectable()
export class CredentialsSubjectData implements PagedSubjectData {
  constructor(
    private readonly repo: CredentialsRepository,
    private readonly revoker: CredentialRevoker,
  ) {}

  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return this.repo.exportPage(m, s, after);
  }

  async erase(m: Tx, s: DataSubject): Promise<AfterErasure> {
    const revoked = await this.revoker.revokeAllOfAgents(m, s.workspaceId, s.serviceAgentIds);
    return () => this.revoker.publishCredentialsChanged(revoked);
  }
}
