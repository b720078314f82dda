import { isUUID } from 'class-validator';
import { AGENT_COMMAND_RESULT_STATUSES, AgentCommandResultStatus } from '../agent-commands';
import { DATABASE_RETRY_AFTER_SECONDS, dependencyUnavailable } from '../core/common/problem/dependency-unavailable';
import { jsonByteLength } from '../core/common/validation/json-size';
import { unstorableFields } from '../core/common/validation/storable';
import { PUSHED_EVENT_TYPES, type PushedEventType } from '../events';
import type { Logger } from '@nestjs/common';
import type { RawData } from 'ws';

/**
 * The wire protocol of the websocket at /socket (ADR 0120, ADR 0121): text frames of
 * JSON `{ event, ref?, payload? }`; every client event is answered with
 * `{ event: "reply", ref, status: "ok" | "error", payload }`, an error carrying `payload.reason`.
 */

/** Frames above this are refused with close 1009 by ws itself, before anything is buffered or parsed. */
export const MAX_FRAME_BYTES = 65_536;

/** Limits on the decoded payload (JSON bytes) of each client event, checked by its handler. */
export const PAYLOAD_LIMITS = {
  ready: 8_192,
  heartbeat: 1_024,
  command_result: 32_768,
} as const;

/** Close codes the server uses (4000-4999 is the range RFC 6455 leaves to applications). */
export const CloseCodes = {
  /** RFC 6455: a frame above MAX_FRAME_BYTES (sent by ws). */
  messageTooBig: 1009,
  /** The credential was revoked, archived or expired, or the operator session ended. */
  unauthorized: 4401,
  /** The agent was deactivated, or its workspace stopped accepting machine traffic. */
  forbidden: 4403,
  /** RFC 6455: a change to the credential could not be checked (database unavailable); reconnect. */
  tryAgainLater: 1013,
  /** RFC 6455: the node is shutting down (SIGTERM); reconnect, to another node. */
  goingAway: 1001,
} as const;

export const ReplyReasons = {
  /** Not valid JSON text (including binary frames). */
  invalidJson: 'invalid_json',
  /** JSON, but not `{ event: string, ref?: string | number, payload?: object }`. */
  invalidMessage: 'invalid_message',
  unknownEvent: 'unknown_event',
  payloadTooLarge: 'payload_too_large',
  invalidPayload: 'invalid_payload',
  /** The event is not for this kind of socket or its scopes. */
  forbidden: 'forbidden',
  /** `ready` named an event type sockets are not pushed (API.md Part 3); `payload.unknown_event_types` lists them. */
  unknownEventType: 'unknown_event_type',
  commandNotFound: 'command_not_found',
  commandFinished: 'command_finished',
  /**
   * Postgres or Redis could not be reached: the event did nothing; send it again after
   * `payload.retry_after` seconds (the socket stays open). HTTP answers these with a 503.
   */
  databaseUnavailable: 'database_unavailable',
  redisUnavailable: 'redis_unavailable',
  /** A bug of the service, logged with its stack. */
  internalError: 'internal_error',
} as const;
export type ReplyReason = (typeof ReplyReasons)[keyof typeof ReplyReasons];

export type Ref = string | number | null;

export interface Envelope {
  event: string;
  ref: Ref;
  payload: Record<string, unknown>;
}

export type ParsedFrame = { ok: true; envelope: Envelope } | { ok: false; ref: Ref; reason: ReplyReason };

export interface HandlerResult {
  status: 'ok' | 'error';
  payload: Record<string, unknown>;
}

/** A client event refused by its handler: answered with status error and this reason. */
export class SocketEventError extends Error {
  constructor(
    readonly reason: ReplyReason,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'SocketEventError';
  }
}

const MAX_REF_LENGTH = 128;
const MAX_EVENT_LENGTH = 64;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function refOf(message: Record<string, unknown>): Ref | undefined {
  const ref = message.ref;
  if (ref === undefined || ref === null) return null;
  if (typeof ref === 'string' && ref.length <= MAX_REF_LENGTH) return ref;
  if (typeof ref === 'number' && Number.isFinite(ref)) return ref;
  return undefined;
}

/** Decodes one frame into an envelope, or the reason it is refused (with the ref when readable). */
export function parseFrame(data: RawData, isBinary: boolean): ParsedFrame {
  if (isBinary) return { ok: false, ref: null, reason: ReplyReasons.invalidJson };
  let message: unknown;
  try {
    message = JSON.parse((Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8'));
  } catch {
    return { ok: false, ref: null, reason: ReplyReasons.invalidJson };
  }
  if (!isPlainObject(message)) return { ok: false, ref: null, reason: ReplyReasons.invalidMessage };
  const ref = refOf(message);
  if (ref === undefined) return { ok: false, ref: null, reason: ReplyReasons.invalidMessage };
  const { event, payload } = message;
  if (typeof event !== 'string' || event.length === 0 || event.length > MAX_EVENT_LENGTH) {
    return { ok: false, ref, reason: ReplyReasons.invalidMessage };
  }
  if (payload !== undefined && payload !== null && !isPlainObject(payload)) {
    return { ok: false, ref, reason: ReplyReasons.invalidMessage };
  }
  return { ok: true, envelope: { event, ref, payload: payload ?? {} } };
}

export function encodeReply(ref: Ref, result: HandlerResult): string {
  return JSON.stringify({ event: 'reply', ref, status: result.status, payload: result.payload });
}

export function errorResult(reason: ReplyReason, details: Record<string, unknown> = {}): HandlerResult {
  return { status: 'error', payload: { ...details, reason } };
}

/**
 * The reply to a handler's failure that is not a SocketEventError: Postgres or Redis out of reach
 * (dependency-unavailable.ts) is `database_unavailable` or `redis_unavailable` with `retry_after`
 * seconds, logged as a warning (what HTTP answers with a 503); anything else is a bug, logged with
 * its stack, and `internal_error`. `what` names the handler or event in the log line.
 */
export function failureResult(err: unknown, logger: Pick<Logger, 'warn' | 'error'>, what: string): HandlerResult {
  const unavailable = dependencyUnavailable(err);
  if (unavailable) {
    logger.warn({ err: (err as Error).message }, `${what}: ${unavailable}`);
    return errorResult(unavailable, { retry_after: DATABASE_RETRY_AFTER_SECONDS });
  }
  logger.error({ err }, `${what} failed`);
  return errorResult(ReplyReasons.internalError);
}

/** A handler's check of its decoded payload: JSON bytes at most `max`. */
export function assertPayloadSize(payload: unknown, max: number): void {
  if (jsonByteLength(payload) > max) throw new SocketEventError(ReplyReasons.payloadTooLarge, { max_bytes: max });
}

const COMMAND_RESULT_FIELDS = new Set(['command_id', 'status', 'result']);

export interface CommandResult {
  commandId: string;
  status: AgentCommandResultStatus;
  result: unknown;
}

/**
 * command_result `{ command_id, status: succeeded | failed, result? }`; anything else is
 * invalid_payload, and so is a result Postgres could not store as sent (unstorableFields: the NUL
 * character or an unpaired surrogate in a string or key), as HTTP answers such a body with a 422.
 */
export function parseCommandResult(payload: Record<string, unknown>): CommandResult {
  const errors: Record<string, string[]> = {};
  const { command_id: commandId, status, result } = payload;
  if (commandId === undefined) errors.command_id = ['is required'];
  else if (typeof commandId !== 'string' || !isUUID(commandId)) errors.command_id = ['must be a UUID'];
  if (status === undefined) errors.status = ['is required'];
  else if (!(AGENT_COMMAND_RESULT_STATUSES as readonly unknown[]).includes(status)) {
    errors.status = [`must be one of ${AGENT_COMMAND_RESULT_STATUSES.join(', ')}`];
  }
  for (const key of Object.keys(payload)) if (!COMMAND_RESULT_FIELDS.has(key)) errors[key] = ['is not an allowed field'];
  Object.assign(errors, unstorableFields(result, 'result'));
  if (Object.keys(errors).length > 0) throw new SocketEventError(ReplyReasons.invalidPayload, { errors });
  return { commandId: (commandId as string).toLowerCase(), status: status as AgentCommandResultStatus, result };
}

/**
 * The event types a socket asked for in its `ready` payload (API.md Part 3): every pushed type
 * (`["*"]`), or a set of them; none without the list.
 */
export type EventSelection = '*' | ReadonlySet<PushedEventType>;
export const NO_EVENTS: EventSelection = new Set<PushedEventType>();

const PUSHED: ReadonlySet<string> = new Set(PUSHED_EVENT_TYPES);

/**
 * `ready`'s `events`: absent (or null) is none; an array of pushed event types, or one holding
 * `"*"` for all of them. Not an array of strings is invalid_payload; a type that is not pushed to
 * sockets (unknown, or named-webhook-only such as audit_event.created) is unknown_event_type with
 * the offending names in `unknown_event_types`.
 */
export function parseReadyEvents(payload: Record<string, unknown>): EventSelection {
  const { events } = payload;
  if (events === undefined || events === null) return NO_EVENTS;
  if (!Array.isArray(events) || !events.every((e) => typeof e === 'string')) {
    throw new SocketEventError(ReplyReasons.invalidPayload, { errors: { events: ['must be an array of event types, or ["*"]'] } });
  }
  const unknown = [...new Set(events.filter((e) => e !== '*' && !PUSHED.has(e)))];
  if (unknown.length > 0) throw new SocketEventError(ReplyReasons.unknownEventType, { unknown_event_types: unknown });
  return events.includes('*') ? '*' : new Set(events as PushedEventType[]);
}

/** A selection as the ready reply shows it: `["*"]`, or its types in the order of PUSHED_EVENT_TYPES. */
export const eventSelectionList = (selection: EventSelection): string[] =>
  selection === '*' ? ['*'] : PUSHED_EVENT_TYPES.filter((type) => selection.has(type));
