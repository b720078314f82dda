'use strict';
/**
 * `node -r ./bench/support/register.js file.ts`: runs TypeScript the way the benchmarks need it,
 * each .ts file transpiled on load with the project's tsconfig (as ts-node's transpile-only mode
 * does, without type checks), and nothing else.
 *
 * Why not ts-node itself: it loads Node's `repl`, which loads `domain`, and once `domain` is
 * loaded every EventEmitter Node creates (sockets, streams, HTTP requests) and every `emit` take
 * domain's slower path. The service under test runs from dist/ without it; a baseline or a bench
 * child run under ts-node paid it (2-5% of a connect storm's busy time in the profiles of
 * bench/README.md finding 26), so a ratio against such a baseline flattered the service.
 * test/bench-support.e2e-spec.ts checks that this hook leaves `domain` unloaded.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
const compilerOptions = { ...options, sourceMap: false, inlineSourceMap: false, declaration: false, noEmit: false };

require.extensions['.ts'] = function transpile(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
