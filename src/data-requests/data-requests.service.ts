import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { ConflictProblem, NotFoundProblem, ProblemError, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { DataRequestRunner } from './data-request-runner.service';
import { DataRequestsRepository } from './data-requests.repository';
import type { ListQuery } from '../core/listing/list-query';
import type { CreateDataRequestDto, DATA_REQUEST_LIST, DataRequestDto, DataRequestListDto } from './dto/data-request.dto';

/** Parts of an export read per query while its document is sent. */
const PARTS_PER_READ = 8;

/**
 * Data requests (owners only): an export of everything the service holds about an operator,
 * service agent or robot of the workspace, downloadable for 7 days; or its erasure. Both run in
 * the background (DataRequestRunner).
 */
@Injectable()
export class DataRequestsService {
  private readonly logger = new Logger(DataRequestsService.name);

  constructor(
    private readonly db: Db,
    private readonly repo: DataRequestsRepository,
    private readonly runner: DataRequestRunner,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The subject must be the workspace's (422 otherwise, as for any body field naming nothing);
   * the owner cannot be erased. The request is stored, then queued; should Redis not take it,
   * the sweep queues it when Redis is back.
   */
  /** Who each request is about, by subject id, for the console page. */
  subjectLabels(workspaceId: string, requests: readonly DataRequestDto[]): Promise<Map<string, string>> {
    return this.repo.subjectLabels(workspaceId, requests);
  }

  async create(operator: { workspaceId: string; userId: string }, dto: CreateDataRequestDto): Promise<DataRequestDto> {
    const subject = await this.repo.subjectState(operator.workspaceId, dto.subject_type, dto.subject_id);
    if (!subject.exists) throw new ValidationProblem({ subject_id: ['does not exist'] });
    if (dto.kind === 'erasure' && subject.owner) throw new ValidationProblem({ subject_id: ['the workspace owner cannot be erased'] });
    const request = await this.db.transaction(async (tx) => {
      const inserted = await this.repo.insert(tx, {
        workspaceId: operator.workspaceId,
        kind: dto.kind,
        subjectType: dto.subject_type,
        subjectId: dto.subject_id,
        requestedBy: operator.userId,
      });
      await this.audit.record(tx, {
        workspaceId: operator.workspaceId,
        action: 'data_request.create',
        target: { type: 'data_request', id: inserted.id, label: inserted.kind },
        changes: AuditLog.changes(null, inserted, ['kind', 'subject_type', 'subject_id']),
      });
      return inserted;
    });
    await this.runner.enqueue(request.id).catch((err: unknown) => {
      this.logger.warn(`data request ${request.id} stored, not queued (${(err as Error).message}); the sweep will`);
    });
    return request;
  }

  async list(workspaceId: string, q: ListQuery<typeof DATA_REQUEST_LIST.key, true>): Promise<DataRequestListDto> {
    const { rows, total } = await this.repo.list(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  async show(workspaceId: string, id: string): Promise<DataRequestDto> {
    const request = await this.repo.find(workspaceId, id);
    if (!request) throw new NotFoundProblem();
    return request;
  }

  /**
   * The export's JSON document, streamed part by part (memory stays flat however much the
   * subject has): `{ data_request, sections: { <section>: [...], ... } }`. 409 until it has
   * completed (or for an erasure), 410 once its 7 days are over or its document was deleted (an
   * erasure of its subject).
   */
  async download(workspaceId: string, id: string): Promise<{ filename: string; chunks: AsyncIterable<string> }> {
    const request = await this.show(workspaceId, id);
    if (request.kind !== 'export') throw new ConflictProblem('not_an_export');
    if (request.status !== 'completed' || !request.download_expires_at) throw new ConflictProblem('data_request_not_ready');
    const expired = Date.parse(request.download_expires_at) <= this.clock.now() || !(await this.repo.hasParts(request.id));
    if (expired) throw new ProblemError({ status: 410, code: 'download_expired' });
    return { filename: `data-request-${request.id}.json`, chunks: this.document(request) };
  }

  private async *document(request: DataRequestDto): AsyncIterable<string> {
    yield `{"data_request":${JSON.stringify(request)},"sections":{`;
    let section: string | undefined;
    let firstItem = true;
    for (let seq = 0; ;) {
      const parts = await this.repo.parts(request.id, seq, PARTS_PER_READ);
      if (parts.length === 0) break;
      for (const part of parts) {
        if (part.section !== section) {
          yield `${section === undefined ? '' : '],'}${JSON.stringify(part.section)}:[`;
          section = part.section;
          firstItem = true;
        }
        for (const item of part.items) {
          yield `${firstItem ? '' : ','}${JSON.stringify(item)}`;
          firstItem = false;
        }
        seq = part.seq + 1;
      }
    }
    yield `${section === undefined ? '' : ']'}}}`;
  }
}
