import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit';
import { Clock } from '../core/common/clock/clock';
import { mintPrefixedSecret } from '../core/common/crypto/secrets';
import { NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { CohortsRepository } from './cohorts.repository';
import { DEVICE_DEFAULT_SCOPES, ENROLLMENT_DEFAULT_EXPIRES_IN } from './enrollment-rules';
import { EnrollmentTokensRepository } from './enrollment-tokens.repository';
import { toTokenDto } from './mappers';
import type { ListQuery } from '../core/listing/list-query';
import type {
  ENROLLMENT_TOKEN_LIST,
  EnrollmentTokenDto,
  EnrollmentTokenListDto,
  IssuedEnrollmentTokenDto,
  IssueEnrollmentTokenDto,
} from './dto/enrollment-token.dto';

/** A token's events name it, labelled with its public prefix (never the token). */
const tokenTarget = (t: EnrollmentTokenDto) => ({ type: 'enrollment_token', id: t.id, label: t.prefix });

/** Operator side of enrollment tokens, always inside the operator's workspace; each change is audited in its transaction. */
@Injectable()
export class EnrollmentTokensService {
  constructor(
    private readonly tokens: EnrollmentTokensRepository,
    private readonly cohorts: CohortsRepository,
    private readonly clock: Clock,
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  /** Mints an age_ token; the token is returned here once, only its prefix and hash are stored. */
  async issue(workspaceId: string, userId: string, dto: IssueEnrollmentTokenDto): Promise<IssuedEnrollmentTokenDto> {
    if (dto.cohort_id !== undefined && !(await this.cohorts.find(workspaceId, dto.cohort_id))) {
      throw new ValidationProblem({ cohort_id: ['does not exist'] });
    }
    const secret = mintPrefixedSecret('age');
    const shown = await this.db.transaction(async (tx) => {
      const row = await this.tokens.insert(tx, {
        workspaceId,
        prefix: secret.prefix,
        secretHash: secret.secretHash,
        maxClaims: dto.max_claims ?? 1,
        expiresAt: new Date(this.clock.now() + (dto.expires_in ?? ENROLLMENT_DEFAULT_EXPIRES_IN) * 1000),
        serialAllowlist: dto.serial_allowlist ?? [],
        cohortId: dto.cohort_id ?? null,
        defaultTags: dto.default_tags ?? [],
        scopes: dto.scopes ?? DEVICE_DEFAULT_SCOPES,
        createdBy: userId,
      });
      const token = toTokenDto(row, this.clock.now());
      await this.audit.record(tx, {
        workspaceId,
        action: 'enrollment_token.create',
        target: tokenTarget(token),
        changes: AuditLog.changes(null, token, ['max_claims', 'expires_at', 'serial_allowlist', 'cohort_id', 'default_tags', 'scopes']),
      });
      return token;
    });
    const { id, ...rest } = shown;
    return { id, token: secret.value, ...rest };
  }

  async list(workspaceId: string, q: ListQuery<typeof ENROLLMENT_TOKEN_LIST.key, true>): Promise<EnrollmentTokenListDto> {
    const { rows, total } = await this.tokens.list(workspaceId, q);
    const now = this.clock.now();
    return listEnvelope(
      q,
      rows.map((r) => toTokenDto(r, now)),
      total,
    );
  }

  /** Revoked tokens answer every later claim with 409; revoking twice is harmless. */
  async revoke(workspaceId: string, id: string): Promise<EnrollmentTokenDto> {
    return this.db.transaction(async (tx) => {
      const row = await this.tokens.revoke(tx, workspaceId, id, this.clock.date());
      if (!row) throw new NotFoundProblem();
      const token = toTokenDto(row, this.clock.now());
      if (row.revokedNow) {
        await this.audit.record(tx, {
          workspaceId,
          action: 'enrollment_token.revoke',
          target: tokenTarget(token),
          changes: { revoked_at: [null, token.revoked_at] },
        });
      }
      return token;
    });
  }
}
