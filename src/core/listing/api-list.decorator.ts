import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiQuery } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem/problem.dto';
import { searchedWords } from './list-controls';
import { isNestedOnly, type ListDefinition, type ListFilter, SEARCH_MAX, SEARCH_PARAM } from './list-definition';
import { pageParamNames } from './page';

const filterSchema = (f: ListFilter) =>
  f.values === 'uuid' ? { schema: { type: 'string' as const, format: 'uuid' } } : { enum: [...f.values] };

/** The 400 details a list can answer, as prose: `invalid_limit, invalid_offset or invalid_status`. */
export function listBadRequestDetails(d: ListDefinition): string {
  const names = pageParamNames(d.page);
  const details = [
    names.limit,
    ...(d.page.offset ? [names.offset] : []),
    ...(d.filters ?? []).map((f) => f.name),
    ...(d.search ? [SEARCH_PARAM] : []),
  ].map((name) => `invalid_${name}`);
  return details.length > 1 ? `${details.slice(0, -1).join(', ')} or ${details[details.length - 1]}` : details[0];
}

/** The OpenAPI query parameters of a list (page, then each filter in its accepted forms, in declared order) and its 400. */
export function ApiList(d: ListDefinition) {
  const names = pageParamNames(d.page);
  const { limit, offset } = d.page;
  const decorators = [
    ApiQuery({
      name: names.limit,
      required: false,
      schema: { type: 'integer', minimum: limit.min, maximum: limit.max, default: limit.default },
    }),
  ];
  if (offset) {
    decorators.push(
      ApiQuery({ name: names.offset, required: false, schema: { type: 'integer', minimum: offset.min, maximum: offset.max, default: 0 } }),
    );
  }
  for (const f of d.filters ?? []) {
    if (isNestedOnly(d, f)) {
      decorators.push(ApiQuery({ name: `filter[${f.name}]`, required: false, ...filterSchema(f) }));
    } else {
      decorators.push(
        ApiQuery({ name: f.name, required: false, ...filterSchema(f) }),
        ApiQuery({ name: `filter[${f.name}]`, required: false, ...filterSchema(f), description: `wins over ${f.name}` }),
      );
    }
  }
  if (d.search) {
    decorators.push(
      ApiQuery({
        name: SEARCH_PARAM,
        required: false,
        schema: { type: 'string', maxLength: SEARCH_MAX },
        description: `a case-insensitive substring of ${searchedWords(d.search.columns)}; blank is no search`,
      }),
    );
  }
  decorators.push(ApiBadRequestResponse({ type: ProblemDto, description: listBadRequestDetails(d) }));
  return applyDecorators(...decorators);
}
