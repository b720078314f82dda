import { WORKSPACE_COOKIE } from '../../src/sessions';
import type { TestApp } from './test-app';
import type { Response, Test } from 'supertest';

/** A form that makes a secret, and where its one view is. */
export interface ShownOnceForm {
  /** The form's POST, with the operator's session (a new request each call). */
  post: () => Test;
  /** The operator's Cookie header. */
  cookie: string;
  /** The path (no query) the 303 must point to. */
  page: string | RegExp;
  /** The secret as the page shows it; its first group is the secret. */
  secret: RegExp;
}

/** A Cookie header whose pages act on `workspaceId` (the switcher's cookie, ADR 0265). */
export const inWorkspace = (cookie: string, workspaceId: string) => `${cookie}; ${WORKSPACE_COOKIE}=${workspaceId}`;

const SHOWN = /^[A-Za-z0-9_-]{22}$/;

const view = (t: TestApp, location: string, cookie: string) => t.http().get(location).set('cookie', cookie).set('accept', 'text/html');

/** The 303 of a form that made a secret: to `page` with a one-view id, and no secret in the answer. */
export function expectShownRedirect(posted: Response, f: Pick<ShownOnceForm, 'page' | 'secret'>): string {
  expect(posted.status).toBe(303);
  const location = posted.headers.location;
  const url = new URL(location, 'http://page.invalid');
  if (typeof f.page === 'string') expect(url.pathname).toBe(f.page);
  else expect(url.pathname).toMatch(f.page);
  expect(url.searchParams.get('shown')).toMatch(SHOWN);
  expect(posted.text ?? '').not.toMatch(f.secret);
  return location;
}

/**
 * As a browser does it (ADR 0265): the POST answers 303 with `?shown=` and no secret; that
 * address shows the secret once; a reload of it shows no secret and says it was shown once.
 * Returns the secret, the page that showed it and the address.
 */
export async function postAndShowOnce(t: TestApp, f: ShownOnceForm): Promise<{ secret: string; shown: Response; location: string }> {
  const location = expectShownRedirect(await f.post(), f);
  const shown = await view(t, location, f.cookie).expect(200);
  expect(shown.headers['cache-control']).toBe('no-store');
  const secret = f.secret.exec(shown.text)?.[1];
  if (!secret) throw new Error(`no secret on ${location}: ${shown.text}`);
  const reloaded = await view(t, location, f.cookie).expect(200);
  expect(reloaded.text).not.toContain(secret);
  expect(reloaded.text).toContain('id="shown-once-missing" data-reason="gone"');
  return { secret, shown, location };
}

/**
 * Another session (`other`: another operator's, or another log-in of the same one) opens the
 * address first: it sees no secret, and the id is spent, so the operator finds nothing either.
 */
export async function expectNotTakenBy(t: TestApp, f: ShownOnceForm, other: string, otherStatus = 200): Promise<void> {
  const location = expectShownRedirect(await f.post(), f);
  const stolen = await view(t, location, other);
  expect(stolen.status).toBe(otherStatus);
  expect(stolen.text).not.toMatch(f.secret);
  const own = await view(t, location, f.cookie).expect(200);
  expect(own.text).not.toMatch(f.secret);
  expect(own.text).toContain('id="shown-once-missing" data-reason="gone"');
}
