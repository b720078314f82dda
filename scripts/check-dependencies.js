// The dependency rules of the module graph (.dependency-cruiser.cjs), and what dependency-cruiser
// cannot say by itself: no cycles between folders (src/<feature>/ and src/core/<part>/ count as
// one node each). Unit specs are left out: a spec may reach across folders to set things up.
// The SDK (sdk/src) is cruised too: it must not import the service, nor any npm package but ws.
// Exits non-zero, naming each offending import, when a rule is broken.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
const out = execFileSync(
  bin,
  ['src', 'sdk/src', '--config', '.dependency-cruiser.cjs', '--exclude', '\\.spec\\.ts$', '--output-type', 'json'],
  { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
);
const result = JSON.parse(out);
const problems = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

const folder = (file) => /^src\/(core\/[^/]+|[^/]+)\//.exec(file)?.[1];
const edges = new Map();
for (const m of result.modules) {
  const from = folder(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = folder(d.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} -> ${d.resolved}`);
  }
}
// Tarjan's strongly connected components over the folder graph.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
const visit = (v) => {
  index.set(v, next);
  low.set(v, next++);
  stack.push(v);
  onStack.add(v);
  for (const w of (edges.get(v) ?? new Map()).keys()) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component);
  }
};
for (const v of edges.keys()) if (!index.has(v)) visit(v);
for (const component of cycles) {
  const links = component.flatMap((a) => component.filter((b) => edges.get(a)?.has(b)).map((b) => `    ${edges.get(a).get(b)}`));
  problems.push(`folder cycle between ${component.sort().join(', ')}:\n${links.join('\n')}`);
}

if (problems.length > 0) {
  console.error(`dependency rules broken (.dependency-cruiser.cjs, docs/architecture.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`dependency rules: ${result.summary.totalCruised} modules, no violations, no folder cycles`);
