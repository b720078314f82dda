// The service's production build on Nest's stock ExpressAdapter instead of its own
// ServiceExpressAdapter (src/core/common/http/service-express.adapter.ts): everything else as
// dist/main.js does it. The layers section of bench/http.bench.ts runs it next to the real
// service, so the adapter's gain is measured on the runtime and versions in use.
require('reflect-metadata');
const { join } = require('node:path');
const { NestFactory } = require('@nestjs/core');
const { ExpressAdapter } = require('@nestjs/platform-express');

const dist = join(__dirname, '..', '..', 'dist');
const { AppModule } = require(join(dist, 'app.module'));
const { configureApp } = require(join(dist, 'bootstrap'));
const { AppConfig, loadConfig } = require(join(dist, 'core', 'config', 'app-config'));

async function main() {
  loadConfig(process.env);
  const app = await NestFactory.create(AppModule, new ExpressAdapter(), { bodyParser: false, bufferLogs: true });
  configureApp(app);
  await app.listen(app.get(AppConfig).port);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
main().catch((err) => {
  process.stderr.write(`${err && err.stack ? err.stack : String(err)}\n`);
  process.exit(1);
});
