/**
 * `promise`, or a rejection when it has not settled within `ms`: an Error naming `what`, or the
 * error `timeoutError` builds.
 */
export const withTimeout = <T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  timeoutError: (message: string) => Error = (message) => new Error(message),
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
