import { UPDATES } from '../../../test/support/list-fixtures';
import { ApiList, listBadRequestDetails } from './api-list.decorator';
import { defineList } from './list-definition';

function documented(list: Parameters<typeof ApiList>[0]) {
  class Probe {
    @ApiList(list)
    list() {}
  }
  const method = Probe.prototype.list;
  return {
    params: Reflect.getMetadata('swagger/apiParameters', method) as Record<string, unknown>[],
    responses: Reflect.getMetadata('swagger/apiResponse', method) as Record<string, { description: string }>,
  };
}

describe('ApiList', () => {
  it('documents the page, both forms of a flat filter and only the nested form of a nested-only one', () => {
    const { params } = documented(UPDATES);
    expect(params.map((p) => p.name)).toEqual([
      'limit',
      'offset',
      'status',
      'filter[status]',
      'robot_id',
      'filter[robot_id]',
      'filter[kind]',
    ]);
    expect(params[0]).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } });
    expect(params[1]).toMatchObject({ schema: { type: 'integer', minimum: 0, maximum: 10000, default: 0 } });
    expect(params[3]).toMatchObject({ description: 'wins over status' });
    expect(params[4]).toMatchObject({ schema: { type: 'string', format: 'uuid' } });
    expect(params.every((p) => p.required === false)).toBe(true);
  });

  it('documents the 400 with every detail the list can answer', () => {
    expect(documented(UPDATES).responses['400'].description).toBe(
      'invalid_limit, invalid_offset, invalid_status, invalid_robot_id or invalid_kind',
    );
  });

  it('names custom page parameters and leaves out an absent offset', () => {
    const targets = defineList({
      key: 'targets',
      paginated: false,
      page: {
        limit: { min: 1, max: 500, default: 100 },
        offset: { min: 0, max: 10000 },
        names: { limit: 'target_limit', offset: 'target_offset' },
      },
      order: { by: 'inserted_at', direction: 'ASC' },
    });
    expect(documented(targets).params.map((p) => p.name)).toEqual(['target_limit', 'target_offset']);
    expect(listBadRequestDetails(targets)).toBe('invalid_target_limit or invalid_target_offset');
    const unpaged = defineList({ ...targets, page: { limit: targets.page.limit, names: targets.page.names } });
    expect(documented(unpaged).params.map((p) => p.name)).toEqual(['target_limit']);
    expect(listBadRequestDetails(unpaged)).toBe('invalid_target_limit');
  });
});
