/**
 * The agent socket's wire protocol (ADR 0120, ADR 0121), which the OpenAPI document
 * does not describe: text frames of JSON `{ event, ref?, payload? }`; every client event is
 * answered with `{ event: "reply", ref, status, payload }`; the server pushes `command` and
 * `event` frames. The command inside a push is the generated AgentCommandDto.
 */
import type { AgentCommand } from './api-types';

/** The service refuses frames above this (close 1009). */
export const MAX_FRAME_BYTES = 65_536;

/** Limits on each client event's payload (JSON bytes), checked by the service. */
export const PAYLOAD_LIMITS = { ready: 8_192, heartbeat: 1_024, command_result: 32_768 } as const;

/** Close codes the service uses. */
export const CloseCodes = {
  normal: 1000,
  /** The node is shutting down (SIGTERM): reconnect, to another node. */
  goingAway: 1001,
  /** Connection lost without a close frame (ws reports it). */
  abnormal: 1006,
  /** A frame above 64 KiB was sent. */
  messageTooBig: 1009,
  /** A change to the credential could not be checked: reconnect and be verified again. */
  tryAgainLater: 1013,
  /** The credential was revoked, archived or expired: reconnecting cannot help. */
  unauthorized: 4401,
  /** The agent is inactive or its workspace refuses machine traffic (may be lifted). */
  forbidden: 4403,
} as const;

export type ClientEvent = 'ready' | 'heartbeat' | 'command_result';

export interface ClientFrame {
  event: ClientEvent;
  ref: string;
  payload: Record<string, unknown>;
}

/** Reply reasons the service sends with `status: "error"`. */
export const REPLY_REASONS = [
  'invalid_json',
  'invalid_message',
  'unknown_event',
  'payload_too_large',
  'invalid_payload',
  'forbidden',
  /** `ready` named an event type the service does not push to sockets (`payload.unknown_event_types`). */
  'unknown_event_type',
  'command_not_found',
  'command_finished',
  /** Postgres or Redis was out of reach: nothing was stored; send again after `payload.retry_after` seconds. */
  'database_unavailable',
  'redis_unavailable',
  'internal_error',
] as const;
export type ReplyReason = (typeof REPLY_REASONS)[number];

export interface ReplyFrame {
  event: 'reply';
  ref: string | number | null;
  status: 'ok' | 'error';
  payload: Record<string, unknown> & { reason?: ReplyReason };
}

export interface CommandFrame {
  event: 'command';
  payload: { agent_command: AgentCommand };
}

/** A domain event pushed to a socket that asked for its type in `ready` and holds events:read. */
export interface DomainEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  inserted_at: string;
}

export interface EventFrame {
  event: 'event';
  payload: { event: DomainEvent };
}

export type ServerFrame = ReplyFrame | CommandFrame | EventFrame;

/** The `ready` reply of an agent socket. */
export interface ReadyReply {
  kind: 'service_agent';
  credential_id: string;
  service_agent_id: string;
  workspace_id: string;
  scopes: string[];
  /** The event types this socket is pushed (`['*']`: all): what it asked for, or none without `events:read`. */
  events: string[];
  /** Commands still waiting for a result, oldest first (at most 100); sent again on every ready. */
  agent_commands: AgentCommand[];
}

export interface CommandResultPayload {
  command_id: string;
  status: 'succeeded' | 'failed';
  result?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a server frame; anything that is not one of the three shapes is undefined. */
export function parseServerFrame(text: string): ServerFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isObject(value.payload)) return undefined;
  if (value.event === 'reply' && (value.status === 'ok' || value.status === 'error')) return value as unknown as ReplyFrame;
  if (value.event === 'command' && isObject(value.payload.agent_command) && typeof value.payload.agent_command.id === 'string') {
    return value as unknown as CommandFrame;
  }
  if (value.event === 'event' && isObject(value.payload.event)) return value as unknown as EventFrame;
  return undefined;
}

/** Bytes of a value as the service measures payloads (UTF-8 JSON). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');
