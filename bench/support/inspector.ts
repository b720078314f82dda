import WebSocket from 'ws';

/** What `process.memoryUsage()` says inside a process, in bytes. */
export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * The memory a process holds after full collections, read over its inspector (started with
 * `--inspect=127.0.0.1:<port>`): the DevTools protocol's HeapProfiler.collectGarbage, then
 * process.memoryUsage() evaluated in it. Unlike a scrape of /metrics, garbage is not counted, so
 * a difference of two readings is what the objects made in between hold (memory per socket).
 */
export async function memoryAfterGc(inspectorPort: number): Promise<MemoryUsage> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { value: unknown } }>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8'));
        if (message.id !== id) return;
        ws.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    // Twice: the first collection's finalizers free more for the second.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', { expression: 'process.memoryUsage()', returnByValue: true });
    return result!.value as MemoryUsage;
  } finally {
    ws.close();
  }
}

/** Bytes a process holds on the JavaScript side after collections: heap, external and array buffers. */
export const heldBytes = (m: MemoryUsage) => m.heapUsed + m.external;
