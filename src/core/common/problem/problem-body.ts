/** The RFC 9457 body this service sends; `type` is `${BASE_URL}/problems/<slug>`. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  error?: string;
  request_id?: string;
  extra?: Record<string, unknown>;
  [member: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
