/**
 * Where to go after logging in: the page a signed-out visitor asked for, carried through the
 * login form as `return_to`. Only a path of this origin under the console (`/app`, `/admin`) is
 * taken, never a scheme, a host (`//evil.example`), a backslash or a control character, so the
 * login cannot be turned into an open redirect. Exactly one path outside the console is taken too:
 * an invitation's page, `/users/invitations/<token>` (log in to accept, then back to it).
 * Anything else goes to /app.
 */
const SAFE = /^\/(app|admin)(\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*)?(\?[A-Za-z0-9._~!$&'()*+,;=:@%/?[\]-]*)?$/;
/** An invitation's acceptance page (its token, nothing more): logging in to accept comes back to it. */
const INVITATION = /^\/users\/invitations\/[A-Za-z0-9_-]{43}$/;

export const MAX_RETURN_PATH = 512;

export function safeReturnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_RETURN_PATH) return undefined;
  if (INVITATION.test(raw)) return raw;
  if (raw.startsWith('//') || !SAFE.test(raw)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // nothing encoded may turn into a control character or a backslash either
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  return /[\u0000-\u001f\u007f\\]/.test(decoded) ? undefined : raw;
}
