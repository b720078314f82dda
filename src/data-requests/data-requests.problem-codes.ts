/** Codes of the data-requests module's problems. */
export type DataRequestsProblemCode =
  /** Downloading an export that is not completed yet (or failed). */
  | 'data_request_not_ready'
  /** Downloading an erasure: only exports have a document. */
  | 'not_an_export'
  /** Downloading an export more than 7 days after it completed (410). */
  | 'download_expired';

declare module '../core/common/problem/problem-codes' {
  interface ProblemCodeRegistry {
    dataRequests: DataRequestsProblemCode;
  }
}
