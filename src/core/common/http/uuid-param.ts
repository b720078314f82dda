import { ParseUUIDPipe } from '@nestjs/common';
import { NotFoundProblem } from '../problem/problem.error';

/** A path id that is not a UUID cannot name anything: 404, like an unknown or foreign id. */
export const uuidParam = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundProblem() });
