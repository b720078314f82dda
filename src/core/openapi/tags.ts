/**
 * The OpenAPI document's tags, declared once: every controller's `@ApiTags` names one of these
 * (the API lint's `operation-tag-defined` rule fails on any other), and the document lists
 * them in this order with these descriptions.
 */
export const API_TAGS = {
  machine: 'Service agents and robots: API keys, access tokens, enrollment claims, messages, tasks, commands, OTA progress.',
  operator: "Operator REST (session cookie): the workspace's agents, robots, keys, rules, events, webhooks and fleet operations.",
  pages:
    'The operator console: HTML pages and the HTML forms they post (session cookie; a form posted from another site is refused, 403 `cross_origin_request`).',
  admin: 'Platform administration (platform admins only): workspaces and marketplace partners.',
  scim: 'SCIM 2.0 provisioning (RFC 7643/7644) for Okta and Entra, with a workspace SCIM token.',
  partner: 'Marketplace partners, with an `mpk_` partner key: their engagements and engagement tokens.',
  engagement: 'A partner runtime acting within one engagement, with an engagement token.',
  payments: 'Signed events from the payment provider.',
  probes: 'Liveness, readiness and Prometheus metrics for SREs and orchestrators.',
  docs: 'The API documents, the problem type pages and the service index.',
  development: 'Development only: the mailbox of the in-memory mail transport (404 in production).',
} as const;

export type ApiTag = keyof typeof API_TAGS;
