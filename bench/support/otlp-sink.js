// A collector stand-in for the bench's tracing-on builds (builds.ts): takes OTLP/HTTP exports on
// PORT and answers 200 at once, so the service's tracing cost is measured with exports that
// succeed, in a process of its own (not the load generator's). Prints `listening` when ready.
const http = require('node:http');

let received = 0;
let bytes = 0;
const server = http.createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => {
  process.stderr.write(`otlp sink: ${received} exports, ${bytes} bytes\n`);
  process.exit(0);
});
