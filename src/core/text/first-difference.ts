/**
 * Where a committed generated file and what the generator writes now part: the first differing
 * line of each, for a failure message that says where to look.
 */
export function firstDifference(committed: string, generated: string): string {
  const left = committed.split('\n');
  const right = generated.split('\n');
  const i = left.findIndex((line, n) => line !== right[n]);
  const at = i < 0 ? left.length : i;
  return `line ${at + 1}:\n  committed: ${left[at] ?? '(end of file)'}\n  generated: ${right[at] ?? '(end of file)'}`;
}
