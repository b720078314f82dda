import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem, ValidationProblem } from '../core/common/problem/problem.error';
import { Db } from '../core/database/db.service';
import { listEnvelope } from '../core/listing/list-envelope';
import { Outbox } from '../events';
import {
  CreateEvalRunDto,
  CreateEvalSuiteDto,
  EVAL_RUN_LIST,
  EVAL_RUN_TRANSITIONS,
  EVAL_SUITE_LIST,
  EvalRunDto,
  EvalRunListDto,
  EvalSuiteDto,
  EvalSuiteListDto,
  TERMINAL_EVAL_RUN_STATUSES,
  UpdateEvalRunDto,
} from './dto/eval.dto';
import { EvalsRepository } from './evals.repository';
import type { ListQuery } from '../core/listing/list-query';

/**
 * Eval suites (cases to run an agent against) and eval runs (one run of a suite, reported by the
 * machine that runs it). A run moves queued -> running -> passed | failed | errored, each change
 * under a row lock so two reporters cannot both move it; reaching a final status emits
 * `eval_run.completed` in the same transaction.
 */
@Injectable()
export class EvalsService {
  constructor(
    private readonly db: Db,
    private readonly evals: EvalsRepository,
    private readonly outbox: Outbox,
  ) {}

  createSuite(workspaceId: string, dto: CreateEvalSuiteDto): Promise<EvalSuiteDto> {
    return this.evals.insertSuite(workspaceId, dto.name, dto.description ?? null, dto.cases ?? []);
  }

  async getSuite(workspaceId: string, id: string): Promise<EvalSuiteDto> {
    const suite = await this.evals.findSuite(workspaceId, id);
    if (!suite) throw new NotFoundProblem();
    return suite;
  }

  async listSuites(workspaceId: string, q: ListQuery<typeof EVAL_SUITE_LIST.key, true>): Promise<EvalSuiteListDto> {
    const { rows, total } = await this.evals.listSuites(workspaceId, q);
    return listEnvelope(q, rows, total);
  }

  /** A queued run; a suite that is not the workspace's is a validation error of the body. */
  async createRun(workspaceId: string, serviceAgentId: string, dto: CreateEvalRunDto): Promise<EvalRunDto> {
    const run = await this.evals.insertRun(workspaceId, dto.eval_suite_id.toLowerCase(), serviceAgentId, dto.metrics ?? {});
    if (!run) throw new ValidationProblem({ eval_suite_id: ['must be an eval suite of this workspace'] });
    return run;
  }

  async getRun(workspaceId: string, id: string): Promise<EvalRunDto> {
    const run = await this.evals.findRun(workspaceId, id);
    if (!run) throw new NotFoundProblem();
    return run;
  }

  async updateRun(workspaceId: string, id: string, dto: UpdateEvalRunDto): Promise<EvalRunDto> {
    return this.db.transaction(async (tx) => {
      const run = await this.evals.lockRun(tx, workspaceId, id);
      if (!run) throw new NotFoundProblem();
      if (!EVAL_RUN_TRANSITIONS[run.status].includes(dto.status)) {
        throw new ConflictProblem('invalid_transition');
      }
      const finishes = TERMINAL_EVAL_RUN_STATUSES.includes(dto.status);
      const updated = await this.evals.updateRun(tx, run.id, {
        status: dto.status,
        score: dto.score,
        metrics: dto.metrics,
        starts: dto.status === 'running',
        finishes,
      });
      if (finishes) await this.outbox.record(tx, workspaceId, 'eval_run.completed', { eval_run: updated });
      return updated;
    });
  }

  async listRuns(workspaceId: string, q: ListQuery<typeof EVAL_RUN_LIST.key, true>): Promise<EvalRunListDto> {
    const { rows, total } = await this.evals.listRuns(workspaceId, q);
    return listEnvelope(q, rows, total);
  }
}
