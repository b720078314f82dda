/**
 * Durations in words, for the documentation the code writes about itself (OpenAPI and AsyncAPI
 * descriptions, the config docs): a constant's figure is interpolated, never restated by hand.
 */
const UNITS = { day: 86_400, hour: 3_600, minute: 60, second: 1 } as const;
export type DurationUnit = keyof typeof UNITS;

/** The count and unit a duration is said in: the largest unit that divides it, or `unit`. */
function inUnits(seconds: number, unit?: DurationUnit): { count: number; name: DurationUnit } {
  const name = unit ?? (Object.keys(UNITS) as DurationUnit[]).find((u) => seconds !== 0 && seconds % UNITS[u] === 0) ?? 'second';
  return { count: seconds / UNITS[name], name };
}

/**
 * A whole number of seconds in the largest unit that divides it (2592000: "30 days", 900:
 * "15 minutes", 90: "90 seconds"), or in `unit` when given (86400, 'hour': "24 hours").
 */
export function formatDuration(seconds: number, unit?: DurationUnit): string {
  const { count, name } = inUnits(seconds, unit);
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/** The same as an adjective: 2592000: "30-day", 1800: "30-minute", 600 with 'second': "600-second". */
export function durationAdjective(seconds: number, unit?: DurationUnit): string {
  const { count, name } = inUnits(seconds, unit);
  return `${count}-${name}`;
}

/** formatDuration for milliseconds; a figure that is not whole seconds stays in ms ("250 ms"). */
export function formatDurationMs(ms: number, unit?: DurationUnit): string {
  return ms % 1000 === 0 ? formatDuration(ms / 1000, unit) : `${ms} ms`;
}
