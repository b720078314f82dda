/**
 * HAND-WRITTEN TYPES, pending the OpenAPI document.
 *
 * The routes below are API.md's contract but not yet in the service's OpenAPI document (the
 * partner/engagement plane is issue 19, OTA updates issue 22). When those land, regenerate
 * (`npm run sdk:generate`) and replace each type here with the generated one named beside it,
 * then delete this file. Nothing else in the SDK declares route shapes by hand, except the
 * websocket frames (socket-protocol.ts), which OpenAPI does not describe.
 */

// ---- OTA updates (issue 22; API.md "Domain resources") -------------------------------------

/** Every status of an OTA update. PENDING: components['schemas']['OtaUpdateDto']['status']. */
export const OTA_UPDATE_STATUSES = ['pending', 'downloading', 'installing', 'succeeded', 'failed', 'cancelled'] as const;
export type OtaUpdateStatus = (typeof OTA_UPDATE_STATUSES)[number];

/** What a robot reports with PATCH /api/v1/ota_updates/:id, forward only. */
export type OtaReportStatus = 'downloading' | 'installing' | 'succeeded' | 'failed';

/** PENDING: components['schemas']['OtaUpdateDto']. */
export interface OtaUpdate {
  id: string;
  robot_id: string;
  update_type: 'firmware' | 'software' | 'config';
  version: string;
  artifact_url: string;
  sha256: string;
  status: OtaUpdateStatus;
  detail: string | null;
  [field: string]: unknown;
}

/** PENDING: the request body DTO of PATCH /api/v1/ota_updates/{id} (scope ota_updates:write). */
export interface OtaProgressReport {
  status: OtaReportStatus;
  detail?: string;
}

/** PENDING: the answer of PATCH /api/v1/ota_updates/{id} (a keyed single record, API.md conventions). */
export interface OtaUpdateEnvelope {
  ota_update: OtaUpdate;
}

// ---- Partners and engagements (issue 19; API.md "Partners and engagements") ----------------

/** PENDING: the engagement token DTO of POST /api/v1/partner/engagements/{id}/tokens. */
export interface EngagementToken {
  token: string;
  token_type: 'Bearer';
  /** Seconds; 86400 by default, clamped to 604800. */
  expires_in: number;
  expires_at: string;
  scopes: EngagementScope[] | string[];
  engagement_id: string;
}

export interface EngagementTokenEnvelope {
  engagement_token: EngagementToken;
}

/** PENDING: the body of POST /api/v1/partner/engagements/{id}/tokens. */
export interface EngagementTokenRequest {
  expires_in?: number;
  scopes?: EngagementScope[];
}

export type EngagementScope = 'engagement_events:write' | 'engagement_events:read';

/** PENDING: the engagement DTO (GET /api/v1/partner/engagements). */
export interface Engagement {
  id: string;
  partner_id: string;
  status: 'active' | 'revoked';
  scopes: string[];
  inserted_at: string;
  [field: string]: unknown;
}

export interface EngagementList {
  engagements: Engagement[];
  count?: number;
}

/** PENDING: the engagement event DTO; API.md names only `kind` and `payload`. */
export interface EngagementEvent {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  inserted_at: string;
  [field: string]: unknown;
}

/** PENDING: the body of POST /api/v1/engagements/{id}/events (kind 1..100 characters, payload at most 64 KiB). */
export interface EngagementEventRequest {
  kind: string;
  payload?: Record<string, unknown>;
}

export interface EngagementEventEnvelope {
  engagement_event: EngagementEvent;
}

export interface EngagementEventList {
  engagement_events: EngagementEvent[];
  count: number;
  pagination?: { limit: number; offset: number; total: number; has_more: boolean };
}
