import { Injectable } from '@nestjs/common';
import { type AfterErasure, type DataSubject, DataSubjectSection, type PagedSubjectData } from '../data-subjects';
import { OperatorDataRepository } from './operator-data.repository';
import { SessionsService } from './sessions.service';
import type { Tx } from '../core/database/db.service';

/**
 * Data requests about operators: their account and membership; an erasure ends the membership and
 * anonymises a lone account, whose sockets then close on every node.
 */
@DataSubjectSection('users')
@Injectable()
export class OperatorSubjectData implements PagedSubjectData {
  constructor(
    private readonly operators: OperatorDataRepository,
    private readonly sessions: SessionsService,
  ) {}

  exportPage(m: Tx, s: DataSubject, after: string | undefined): Promise<{ id: string }[]> {
    return this.operators.exportPage(m, s, after);
  }

  async erase(m: Tx, s: DataSubject): Promise<AfterErasure> {
    const anonymised = await this.operators.erase(m, s);
    return async () => {
      for (const userId of anonymised) await this.sessions.publishUserSessionsRevoked(userId);
    };
  }
}
