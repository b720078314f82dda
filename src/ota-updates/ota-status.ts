export const OTA_UPDATE_TYPES = ['firmware', 'software', 'config'] as const;
export type OtaUpdateType = (typeof OTA_UPDATE_TYPES)[number];

export const OTA_STATUSES = ['pending', 'downloading', 'installing', 'succeeded', 'failed', 'cancelled'] as const;
export type OtaStatus = (typeof OTA_STATUSES)[number];

/** What a robot reports (pending is where updates start; cancelled is the operator's). */
export const REPORTED_OTA_STATUSES = ['downloading', 'installing', 'succeeded', 'failed'] as const;
export type ReportedOtaStatus = (typeof REPORTED_OTA_STATUSES)[number];

export const OPEN_OTA_STATUSES: readonly OtaStatus[] = ['pending', 'downloading', 'installing'];
export const FINAL_OTA_STATUSES: readonly OtaStatus[] = ['succeeded', 'failed', 'cancelled'];

const RANK: Record<OtaStatus, number> = { pending: 0, downloading: 1, installing: 2, succeeded: 3, failed: 3, cancelled: 3 };

/**
 * The statuses a report of `to` may move an update from: forward only, from an open status. A
 * report of the status an open update already has is accepted too (a retried report, or one that
 * only brings a new detail).
 */
export function reportableFrom(to: ReportedOtaStatus): OtaStatus[] {
  return OPEN_OTA_STATUSES.filter((from) => RANK[from] < RANK[to] || from === to);
}
