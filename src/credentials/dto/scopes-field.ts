import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsOptional } from 'class-validator';
import { MACHINE_SCOPES } from '../../auth';

/**
 * An optional, non-empty list of machine scopes (a scope not in MACHINE_SCOPES is a 422,
 * API.md Machine scopes). Duplicates are allowed here and collapsed by the services.
 */
export const OptionalScopes = (description: string, options: { emptyMessage?: string; maxItems?: number } = {}) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], enum: [...MACHINE_SCOPES], enumName: 'MachineScope', description }),
    IsOptional(),
    IsArray(),
    ArrayNotEmpty({ message: options.emptyMessage ?? 'must not be empty' }),
    ArrayMaxSize(options.maxItems ?? MACHINE_SCOPES.length),
    IsIn(MACHINE_SCOPES, { each: true, message: 'contains an unknown scope' }),
  );
