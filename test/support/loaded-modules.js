// Preloaded into a spawned app (node --require): at exit, prints to stderr one JSON line naming
// the OpenTelemetry packages the process had loaded, so a test can tell that tracing off loads
// no SDK.
process.on('exit', () => {
  const otel = new Set();
  for (const path of Object.keys(require.cache)) {
    const match = /node_modules\/(@opentelemetry\/[^/]+|bullmq-otel)\//.exec(path);
    if (match) otel.add(match[1]);
  }
  process.stderr.write(`${JSON.stringify({ loadedOpenTelemetry: [...otel].sort() })}\n`);
});
