/**
 * The source of "now" for every rule that depends on time (token expiry, rate-limit windows,
 * session reissue, reset-link lifetime). Tests replace it with a controllable clock.
 */
export abstract class Clock {
  abstract now(): number;
  date(): Date {
    return new Date(this.now());
  }
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
