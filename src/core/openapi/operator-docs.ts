import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem/problem.dto';

export { uuidParam } from '../common/http/uuid-param';

/** Class-level: operator REST on the session's workspace. */
export const OperatorResource = () =>
  applyDecorators(
    ApiTags('operator'),
    ApiHeader({ name: 'x-workspace-id', required: false, description: 'workspace to act on; default: the oldest membership' }),
  );

export const ApiNotInWorkspace = () => ApiNotFoundResponse({ type: ProblemDto, description: 'not found, or not in this workspace' });
export const ApiInvalidBody = () => ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'validation_failed' });
