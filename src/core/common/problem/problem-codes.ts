/**
 * Problem codes: the machine-readable reason every ProblemError carries (rendered as `detail`,
 * or as `error` where the contract has a human-readable detail). Each feature module declares its
 * own union in `<module>.problem-codes.ts` and registers it in ProblemCodeRegistry by module
 * augmentation, so core never imports a feature and an unknown code does not compile.
 */

/** 400 for a query parameter out of range or not allowed: invalid_limit, invalid_offset, invalid_status... */
export type InvalidQueryParameter = `invalid_${string}`;

/** The generic codes of core: plumbing failures and the fallbacks of the renderer. */
export type CoreProblemCode =
  | 'not_found'
  | 'validation_failed'
  | 'internal_error'
  | 'database_unavailable'
  /** Redis (rate limits, throttles, the mail queue) cannot be reached: retry shortly. */
  | 'redis_unavailable'
  /** A connection let in beyond HTTP_MAX_CONNECTIONS asked for something other than a probe (ADR 0228). */
  | 'server_busy'
  | 'malformed_json'
  /** A body the parser could not read (it does not decompress as its content-encoding says, it was cut short). */
  | 'malformed_body'
  /** A JSON body nested deeper than MAX_JSON_DEPTH. */
  | 'json_too_deep'
  /** A JSON route was sent a body that is not JSON. */
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'unsupported_encoding'
  | 'unsupported_charset'
  | 'cross_origin_request'
  /** A known path asked with a method none of its routes takes (405, with Allow). */
  | 'method_not_allowed'
  /** A Nest HttpException (4xx, not 404) that is no domain error: its message is the detail. */
  | 'http_exception'
  | InvalidQueryParameter;

/**
 * One member per module, its value the module's union. A module adds its codes with:
 *   declare module '../core/common/problem/problem-codes' {
 *     interface ProblemCodeRegistry { credentials: CredentialsProblemCode }
 *   }
 */
export interface ProblemCodeRegistry {
  core: CoreProblemCode;
}

/** Every code of the service: the union of all registered module unions. */
export type ProblemCode = ProblemCodeRegistry[keyof ProblemCodeRegistry];
