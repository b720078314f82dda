import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiQuery, ApiSeeOtherResponse } from '@nestjs/swagger';
import { html, type SafeHtml } from '../core/pages/html';
import { RedisLimits } from '../core/redis/redis-keys';
import { formatDurationMs } from '../core/text/duration';
import type { HeldSecrets, ShownOnce, TakenSecrets } from './shown-once';
import type { Response } from 'express';

/** How a form that made secrets answers (ADR 0265): where its redirect goes and what it shows instead. */
export interface ShownOnceAnswer {
  /** The page (its path, no query) that shows the secrets once; `take` there names the same path. */
  page: string;
  /** Query parameters the redirect carries besides `shown` (a notice). */
  query?: Readonly<Record<string, string>>;
  secrets: HeldSecrets;
  /** Renders the secrets in this answer (201): Redis did not hold them for the redirect. */
  inline: () => Promise<void> | void;
}

/**
 * The end of a POST that made secrets (Post/Redirect/Get, ADR 0265): held in ShownOnce
 * for this session and page, then a 303 to `page?shown=<id>`; when Redis does not hold them, the
 * answer shows them itself (`inline`), since the action is done and its secret must not be lost.
 */
export async function redirectShowingOnce(res: Response, shownOnce: ShownOnce, sessionId: string, a: ShownOnceAnswer): Promise<void> {
  const id = await shownOnce.hold(sessionId, a.page, a.secrets);
  if (id === undefined) return a.inline();
  res.redirect(303, `${a.page}?${new URLSearchParams({ ...a.query, shown: id }).toString()}`);
}

/**
 * What a page says when its `?shown=` id found no secret: shown already (a reload, another
 * session, expired), or not reachable now (Redis down). `what` names the secret ("signing
 * secret"; `plural` for "recovery codes"), `remedy` says where to make a new one.
 */
export function shownOnceMissing(taken: TakenSecrets, what: string, remedy: string, plural = false): SafeHtml | string {
  const [was, is, it] = plural ? ['were', 'are', 'they'] : ['was', 'is', 'it'];
  if (taken.missing === 'gone') {
    return html`<p class="notice" role="status" id="shown-once-missing" data-reason="gone">The new ${what} ${was} shown once and cannot be shown again. ${remedy}</p>`;
  }
  if (taken.missing === 'unavailable') {
    return html`<p class="error" role="alert" id="shown-once-missing" data-reason="unavailable">The new ${what} cannot be shown right now: the service cannot reach its store. Reload this page in a moment; if ${it} ${is} still not shown, ${it} can no longer be. ${remedy}</p>`;
  }
  return '';
}

/** The `shown` query parameter of a page that shows a form's secrets once. */
export const ApiShownOnceQuery = (what: string) =>
  ApiQuery({
    name: 'shown',
    required: false,
    description:
      `after the form that made it: the one view of ${what}, for the session that made it, within ${formatDurationMs(RedisLimits.shownOnceMs)} ` +
      '(ADR 0265); a reload, another session or an expired id shows the page without it',
  });

/** The answers of a form that makes secrets: 303 to the page that shows them once, or 201 when Redis could not hold them. */
export const ApiShownOnceAnswers = (what: string, page: string) =>
  applyDecorators(
    ApiSeeOtherResponse({ description: `done: to ${page}, which shows ${what} once (\`?shown=\`)` }),
    ApiCreatedResponse({ description: `Redis could not hold ${what} for the redirect: ${what}, shown once in this answer` }),
  );
