/**
 * The window the soak judges RSS growth from (bench/README.md findings 30 and 35), given the
 * committed V8 heap of each window (its median): the first window from `first` on whose
 * committed heap is within `tolerance` of the last window's, passing over only windows where V8
 * had the heap at another size for a while:
 * - larger than at the end (V8 gives most of its warm-up heap back after a major collection,
 *   a minute or a few in): a baseline there hides growth behind what the heap gave back;
 * - smaller than at the end, in the trough after such a shrink, when the heap had already been
 *   at the end's size before it (it grows back to where it was): a baseline there reads V8
 *   growing its heap back as a leak (28% in both soaks of finding 35, whose RSS stayed within 2%
 *   over their last five minutes).
 * A window smaller than the end's that the heap had never reached before is growth, and is the
 * baseline. `first` when every window is passed over.
 *
 * RSS follows what V8 keeps committed for its heap, which it resizes in steps of 50-100 MiB as it
 * sees fit; windows with the same committed heap compare like with like. A leak of JavaScript
 * objects shows in the heap-used verdict (the troughs after collections) whichever window this
 * picks, and native memory, which V8's sizing does not move, in this one.
 */
export function rssBaselineWindow(heapCommitted: readonly number[], first: number, last: number, tolerance = 0.1): number {
  const end = heapCommitted[last];
  const reachedBefore = (w: number) => heapCommitted.slice(0, w).some((h) => h >= (1 - tolerance) * end);
  for (let w = first; w < last; w++) {
    const h = heapCommitted[w];
    if (Math.abs(h / end - 1) <= tolerance) return w;
    if (h < end && !reachedBefore(w)) return w;
  }
  return first;
}
