/** Thrown where a page answers with a redirect instead of a problem (e.g. no session: to the login page). */
export class RedirectError extends Error {
  constructor(
    readonly location: string,
    readonly status = 302,
  ) {
    super(`redirect to ${location}`);
    this.name = 'RedirectError';
  }
}
