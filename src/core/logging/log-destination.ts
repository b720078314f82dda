import pino from 'pino';

let destination: pino.DestinationStream | undefined;

/**
 * stdout through a buffered asynchronous writer, one per process: one write per ~4 KiB of log
 * instead of one synchronous write per line. Flushed synchronously at exit, so no line is lost.
 */
export function logDestination(): pino.DestinationStream {
  if (!destination) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    process.once('exit', () => stream.flushSync());
    destination = stream;
  }
  return destination;
}
