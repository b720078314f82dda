import { Injectable } from '@nestjs/common';
import { type ProblemTransport, ProblemTransportFor } from '../core/common/problem/problem-transports';
import { SCIM_CONTENT_TYPE, ScimUrns } from './scim-schemas';
import type { ProblemCode } from '../core/common/problem/problem-codes';
import type { RenderedProblem } from '../core/common/problem/problem-renderer';
import type { Request, Response } from 'express';

/** RFC 7644 3.12 `scimType` of each code that has one. */
const SCIM_TYPES: Partial<Record<ProblemCode, string>> = {
  scim_uniqueness: 'uniqueness',
  scim_invalid_value: 'invalidValue',
  scim_invalid_syntax: 'invalidSyntax',
  scim_invalid_filter: 'invalidFilter',
  scim_no_target: 'noTarget',
  scim_mutability: 'mutability',
  validation_failed: 'invalidValue',
  malformed_json: 'invalidSyntax',
  malformed_body: 'invalidSyntax',
  json_too_deep: 'invalidSyntax',
};

export interface ScimErrorBody {
  schemas: [typeof ScimUrns.error];
  status: string;
  scimType?: string;
  detail: string;
}

/** The SCIM error body of a rendered problem (SCIM has no 422: a validation refusal is 400 invalidValue). */
export function scimError(problem: RenderedProblem): { status: number; body: ScimErrorBody } {
  const status = problem.status === 422 ? 400 : problem.status;
  const errors = problem.body.errors as Record<string, string[]> | undefined;
  const detail = errors
    ? Object.entries(errors)
        .map(([field, messages]) => `${field} ${messages.join(', ')}`)
        .join('; ')
    : problem.body.detail;
  const scimType = SCIM_TYPES[problem.code];
  return {
    status,
    body: { schemas: [ScimUrns.error], status: String(status), ...(scimType && { scimType }), detail },
  };
}

/** The writer of every error under /scim/ (ProblemFilter hands them to it): the SCIM error schema. */
@ProblemTransportFor('/scim/')
@Injectable()
export class ScimErrorWriter implements ProblemTransport {
  write(problem: RenderedProblem, _req: Request, res: Response): void {
    const { status, body } = scimError(problem);
    if (status === 401) res.setHeader('www-authenticate', 'Bearer realm="scim"');
    res.status(status).setHeader('content-type', SCIM_CONTENT_TYPE);
    res.send(JSON.stringify(body));
  }
}
