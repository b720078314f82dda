import { defineList } from '../../src/core/listing/list-definition';

/** A list with every kind of filter: flat with values, flat UUID, nested-only on its own column. */
export const UPDATES = defineList({
  key: 'updates',
  paginated: true,
  page: { limit: { min: 1, max: 100, default: 50 }, offset: { min: 0, max: 10000 } },
  filters: [
    { name: 'status', values: ['pending', 'done'] },
    { name: 'robot_id', values: 'uuid' },
    { name: 'kind', column: 'update_type', values: ['firmware', 'config'], nestedOnly: true },
  ],
  order: { by: 'inserted_at', direction: 'DESC' },
});
