import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces } from '@nestjs/swagger';

/** A form field of a console or admin page: its description, and optional allowed values. */
export interface FormField {
  description: string;
  enum?: readonly string[];
  required?: boolean;
  /** A field that may repeat (checkboxes). */
  array?: boolean;
}

/**
 * An HTML form post of a page: `application/x-www-form-urlencoded` in, HTML or a redirect out.
 * Pages carry no script, so every action on them is one of these; the OpenAPI document lists
 * them beside the JSON routes so every served route is described.
 */
export const ApiFormPost = (fields: Record<string, FormField> = {}) => {
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, f]) => {
      const value = { type: 'string', ...(f.enum ? { enum: [...f.enum] } : {}) };
      return [name, f.array ? { type: 'array', items: value, description: f.description } : { ...value, description: f.description }];
    }),
  );
  return applyDecorators(
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiProduces('text/html'),
    ApiBody({ required: false, schema: { type: 'object', properties, ...(required.length ? { required } : {}) } }),
  );
};
