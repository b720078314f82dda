/**
 * The one table of problem slugs and titles by HTTP status: `type` is
 * `${BASE_URL}/problems/<slug>`. Error classes, the renderer and anything else that answers a
 * problem read it here; a status not in the table borrows the 400 or 500 row (keeping its status).
 */
export const PROBLEM_STATUSES = {
  400: { slug: 'bad-request', title: 'Bad Request' },
  401: { slug: 'unauthorized', title: 'Unauthorized' },
  403: { slug: 'forbidden', title: 'Forbidden' },
  404: { slug: 'not-found', title: 'Not Found' },
  405: { slug: 'method-not-allowed', title: 'Method Not Allowed' },
  409: { slug: 'conflict', title: 'Conflict' },
  410: { slug: 'gone', title: 'Gone' },
  413: { slug: 'payload-too-large', title: 'Content Too Large' },
  415: { slug: 'unsupported-media-type', title: 'Unsupported Media Type' },
  422: { slug: 'validation-error', title: 'Unprocessable Content' },
  429: { slug: 'rate-limited', title: 'Rate limited' },
  500: { slug: 'internal-error', title: 'Internal Server Error' },
  503: { slug: 'service-unavailable', title: 'Service Unavailable' },
} as const satisfies Record<number, ProblemStatusRow>;

export interface ProblemStatusRow {
  slug: string;
  title: string;
}

/** The slug and title of a status: its own row, else the 500 row for 5xx and the 400 row otherwise. */
export function problemStatus(status: number): ProblemStatusRow {
  const rows: Record<number, ProblemStatusRow | undefined> = PROBLEM_STATUSES;
  return rows[status] ?? (status >= 500 ? PROBLEM_STATUSES[500] : PROBLEM_STATUSES[400]);
}
