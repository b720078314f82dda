import { ConflictProblem, ForbiddenProblem, ProblemError } from '../core/common/problem/problem.error';
import type { ScimProblemCode } from './scim.problem-codes';

/**
 * The SCIM plane's refusals. Each carries its status and code; on /scim/v2 the SCIM error writer
 * renders the code as the RFC 7644 `scimType` and the message as `detail`.
 */
class ScimBadRequest extends ProblemError<ScimProblemCode> {
  constructor(code: ScimProblemCode, message: string) {
    super({ status: 400, code, detail: message });
  }
}

export class ScimInvalidValue extends ScimBadRequest {
  constructor(message: string) {
    super('scim_invalid_value', message);
  }
}

export class ScimInvalidSyntax extends ScimBadRequest {
  constructor(message: string) {
    super('scim_invalid_syntax', message);
  }
}

/** RFC 7644 3.4.2.2 and 3.12: a filter that cannot be parsed (one that parses but is not supported is ignored). */
export class ScimInvalidFilter extends ScimBadRequest {
  constructor(message: string) {
    super('scim_invalid_filter', message);
  }
}

export class ScimNoTarget extends ScimBadRequest {
  constructor(message: string) {
    super('scim_no_target', message);
  }
}

export class ScimMutability extends ScimBadRequest {
  constructor(message: string) {
    super('scim_mutability', message);
  }
}

export class ScimUniqueness extends ConflictProblem<ScimProblemCode> {
  constructor(message: string) {
    super('scim_uniqueness', { detail: message });
  }
}

export class ScimOwnerProtected extends ForbiddenProblem<ScimProblemCode> {
  constructor() {
    super('scim_owner_protected', { detail: "the workspace owner's membership cannot be suspended or removed through SCIM" });
  }
}
