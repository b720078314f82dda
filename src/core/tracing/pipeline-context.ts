import { type Context, context, ROOT_CONTEXT } from '@opentelemetry/api';
import { carryTraceContext } from '../database/pipeline/trace-context';

/** Pipelined statements are sent in the context they were issued in (trace-context.ts). */
export function carryContextThroughPipelines(): void {
  carryTraceContext({
    capture: () => context.active(),
    // a merged write (rows of several requests) belongs to none of them: no parent, so no span
    within: (captured, send) => context.with((captured as Context | undefined) ?? ROOT_CONTEXT, send),
  });
}
