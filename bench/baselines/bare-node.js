// Baseline 1: the least Node itself can do for GET /health.
const http = require('node:http');
const port = Number(process.env.PORT);
http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') {
      const body = JSON.stringify({ status: 'ok', timestamp: new Date().toISOString() });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache, no-store, must-revalidate',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
      return;
    }
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
