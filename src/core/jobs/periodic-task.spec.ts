import { PeriodicTask } from './periodic-task';

/** A task whose runs take the buffer as it is when they start, then wait at the gate. */
function gatedTask() {
  const seen: number[][] = [];
  const state = { buffer: [] as number[], release: () => undefined as void, gate: undefined as Promise<void> | undefined };
  state.gate = new Promise<void>((resolve) => (state.release = resolve));
  const task = new PeriodicTask('probe', async () => {
    const batch = state.buffer;
    state.buffer = [];
    const gate = state.gate;
    state.gate = undefined; // later runs do not wait
    if (gate) await gate;
    seen.push(batch);
  });
  return { task, seen, state };
}

describe('PeriodicTask', () => {
  it('tick joins a run in progress, whose batch predates what was noted since', async () => {
    const { task, seen, state } = gatedTask();
    state.buffer.push(1);
    const first = task.tick();
    state.buffer.push(2); // noted while that run is in flight
    const joined = task.tick();
    state.release();
    await Promise.all([first, joined]);
    expect(seen).toEqual([[1]]);
    await task.stop();
  });

  it('tickAfterRunning waits for a run in progress, then runs once more: what was noted is written', async () => {
    const { task, seen, state } = gatedTask();
    state.buffer.push(1);
    const first = task.tick();
    state.buffer.push(2);
    const flushed = task.tickAfterRunning();
    state.release();
    await flushed;
    expect(seen).toEqual([[1], [2]]);
    await first;
    await task.stop();
  });
});
