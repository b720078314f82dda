import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;

let destination: Destination | undefined;

/** Buffered lines are written at least this often, so a quiet node's last lines are never held back. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * Bytes buffered before a write, and the most one write carries. Each write is a job for libuv's
 * thread pool that cost the event loop about 33 µs under load whatever its size (8 KiB writes
 * measured at 400 a second at 14k requests a second: finding 19), so writes are made large.
 */
const MIN_WRITE = 32 * 1024;
const MAX_WRITE = 64 * 1024;

/**
 * stdout through a buffered asynchronous writer, one per process: one write per 32 KiB of log
 * instead of one synchronous write per line under load. What is buffered is written every
 * LOG_FLUSH_INTERVAL_MS (a lull never holds a line back longer), on `flushLogs()`, and
 * synchronously at exit, so no line is lost.
 */
export function logDestination(): Destination {
  if (!destination) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE, maxWrite: MAX_WRITE });
    process.once('exit', () => {
      writePending();
      stream.flushSync();
    });
    setInterval(() => flushLogs(), LOG_FLUSH_INTERVAL_MS).unref();
    destination = stream;
  }
  return destination;
}

let pending = '';
let scheduled = false;

function writePending(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const lines = pending;
  pending = '';
  logDestination().write(lines);
}

/**
 * A complete line (ending in a newline) for the shared stream, handed to it together with the
 * other lines of this turn of the event loop: one write into the stream's buffer a turn instead
 * of one a line (the access log writes a line a request; the stream measures its whole buffer
 * on every write: bench/README.md, finding 19). Written at the end of the turn, on flushLogs()
 * and at exit.
 */
export function writeLogLine(line: string): void {
  pending += line;
  if (!scheduled) {
    scheduled = true;
    setImmediate(writePending);
  }
}

/** Writes what is buffered now (the start-up line, say, which supervisors and tests wait for). */
export function flushLogs(): void {
  writePending();
  try {
    destination?.flush();
  } catch {
    // not ready yet (the fd is being opened) or already closed: the next flush or exit writes it
  }
}
