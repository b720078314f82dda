import { PROBLEM_STATUSES } from '../core/common/problem/problem-status';

/** What a problem type means and what to do about it: served at `${BASE_URL}/problems/<slug>`. */
export interface ProblemDoc {
  status: number;
  title: string;
  meaning: string;
  action: string;
}

/**
 * One entry per problem `type` the service answers: every row of the status table, and every
 * problem type of its own a feature declares (a unit test holds the two together).
 */
export const PROBLEM_DOCS: Record<string, ProblemDoc> = {
  'bad-request': {
    status: 400,
    title: PROBLEM_STATUSES[400].title,
    meaning:
      'The request could not be read as sent: malformed JSON, a body that is not what its headers say, or a query parameter out of range (detail names which: invalid_limit, invalid_status, ...).',
    action: 'Fix the request as detail says; sending it again unchanged gets the same answer.',
  },
  unauthorized: {
    status: 401,
    title: PROBLEM_STATUSES[401].title,
    meaning:
      'No credential was sent, or the one sent is not valid here (detail says which: api_key_required, invalid_api_key, api_key_revoked, session_required, invalid_scim_token, ...).',
    action:
      'Send a valid credential of the kind the route takes: an agk_ key or access token on machine routes, a session on operator routes, the metrics token on /metrics. A revoked or expired one must be replaced.',
  },
  forbidden: {
    status: 403,
    title: PROBLEM_STATUSES[403].title,
    meaning:
      'The credential is valid but may not do this: it lacks a scope, the agent is inactive, the workspace is frozen, paused or archived (error says which), the operator lacks the role, or a browser request came from another site.',
    action:
      'Use a credential with the scope or role the route needs, or have an owner lift the workspace state. Retrying as is will not help.',
  },
  'not-found': {
    status: 404,
    title: PROBLEM_STATUSES[404].title,
    meaning:
      'Nothing is there for this credential: the path is unknown, or the id is not a UUID, does not exist, or belongs to another workspace (these look the same on purpose).',
    action: 'Check the path and the id; list the resource to find valid ids.',
  },
  'method-not-allowed': {
    status: 405,
    title: PROBLEM_STATUSES[405].title,
    meaning: 'The path exists, but not with this HTTP method.',
    action: 'Use one of the methods in the Allow header.',
  },
  conflict: {
    status: 409,
    title: PROBLEM_STATUSES[409].title,
    meaning:
      'The request conflicts with the current state: the thing is already claimed, used, decided or taken, or the state change is not allowed (detail says which, for example invalid_transition).',
    action: 'Read the current state and decide again; do not retry blindly.',
  },
  gone: {
    status: 410,
    title: PROBLEM_STATUSES[410].title,
    meaning: 'What the request refers to existed but can no longer be used.',
    action: 'Ask for a new one.',
  },
  'payload-too-large': {
    status: 413,
    title: PROBLEM_STATUSES[413].title,
    meaning: 'The request body is over 1 MiB.',
    action: 'Send less per request (split a large batch).',
  },
  'unsupported-media-type': {
    status: 415,
    title: PROBLEM_STATUSES[415].title,
    meaning: 'The body is not in a format the route takes: /api routes take application/json only.',
    action: 'Send the body as JSON with Content-Type: application/json (curl: -H "content-type: application/json").',
  },
  'validation-error': {
    status: 422,
    title: PROBLEM_STATUSES[422].title,
    meaning:
      'The body was read but a field is missing, of the wrong type, out of range or not allowed; errors maps each field to its messages.',
    action: 'Fix the fields listed in errors.',
  },
  'rate-limited': {
    status: 429,
    title: PROBLEM_STATUSES[429].title,
    meaning: 'Too many requests for this credential (or address) in the current window, or too many failed authentications.',
    action: 'Wait the seconds in the Retry-After header (also extra.retry_after_seconds), then retry.',
  },
  'internal-error': {
    status: 500,
    title: PROBLEM_STATUSES[500].title,
    meaning: 'Something failed on our side. Nothing about it is shown to you; it is logged with the request id.',
    action: 'Retry later; if it persists, report the x-request-id of the response.',
  },
  'service-unavailable': {
    status: 503,
    title: PROBLEM_STATUSES[503].title,
    meaning:
      'A dependency (the database or Redis) cannot be reached right now (detail: database_unavailable or redis_unavailable), or the node is at its connection limit with every connection busy (detail: server_busy); the request did nothing.',
    action: 'Retry after the seconds in Retry-After.',
  },
  'quota-exceeded': {
    status: 429,
    title: 'Quota exceeded',
    meaning: "The workspace's plan allows no more service agents or robots.",
    action: 'Retire robots or agents you no longer need, or move the workspace to a larger plan.',
  },
  'enrollment-expired': {
    status: 410,
    title: 'Enrollment token expired',
    meaning: 'The enrollment token is past its expires_at.',
    action: 'Ask an operator for a new enrollment token.',
  },
  'robot-decommissioned': {
    status: 410,
    title: 'Robot decommissioned',
    meaning: 'The serial number belongs to a robot an operator retired; it cannot enroll again.',
    action: 'Pre-register the robot again under a new serial, or ask an operator.',
  },
};
