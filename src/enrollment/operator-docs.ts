import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { PaginationRules } from '../core/common/pagination/pagination';
import { ProblemDto } from '../core/common/problem/problem.dto';

export { uuidParam } from '../core/common/http/uuid-param';

/** Class-level: operator REST on the session's workspace. */
export const OperatorResource = () =>
  applyDecorators(
    ApiTags('operator'),
    ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' }),
  );

export const ApiNotInWorkspace = () =>
  ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' });
export const ApiInvalidBody = () => ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' });

/** limit/offset query parameters of a list with these rules, and their 400. */
export function ApiPage(rules: Required<PaginationRules>) {
  return applyDecorators(
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: rules.limit.min, maximum: rules.limit.max, default: rules.limit.default },
    }),
    ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: rules.offset.min, maximum: rules.offset.max, default: 0 } }),
    ApiBadRequestResponse({ type: ProblemDto, description: 'invalid_limit or invalid_offset' }),
  );
}

export const TOKENS_PAGE = { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } };
export const ROBOTS_PAGE = { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } };
/** SPEC.md Lists: cohorts and a cohort's members, limit default 100, max 500. */
export const COHORTS_PAGE = { limit: { min: 1, max: 500, default: 100 }, offset: { min: 0, max: 100000 } };
