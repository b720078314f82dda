import { defineList } from '../core/listing/list-definition';
import { SERVICE_AGENT_STATUSES } from './service-agent-status';

/**
 * The operator's list of service agents (ADR 0263): newest first, paged by `limit` (default 100,
 * max 500) and `offset`, filtered by `status`; `count` is the number in the page, with no total
 * (a client pages until a page comes back shorter than its limit).
 */
export const SERVICE_AGENT_LIST = defineList({
  key: 'service_agents',
  paginated: false,
  page: { limit: { min: 1, max: 500, default: 100 }, offset: { min: 0, max: 10000 } },
  filters: [{ name: 'status', values: SERVICE_AGENT_STATUSES }],
  search: { columns: ['name', 'slug'] },
  order: { by: 'inserted_at', direction: 'DESC' },
});
