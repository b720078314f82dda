/**
 * The module graph rules, checked by `node scripts/check-dependencies.js` in the test command
 * (dependency-cruiser reads the imports; the script adds the folder-cycle check it lacks).
 *
 * - src/core/ is plumbing: it never imports a feature.
 * - A feature reaches another only through that feature's index.ts, which lists what the feature
 *   offers others (its module, the services its module exports, their types and DTOs).
 * - No cycles between folders (checked by the script over the folder graph).
 * - The SDK (sdk/) is its own package: it imports nothing of the service, and nothing from
 *   npm but ws at run time.
 */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-feature',
      comment: 'src/core/ holds no feature rules, so it must not depend on a feature.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'feature-through-its-index',
      comment: "Import another feature only through its index.ts (the feature's public surface).",
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: '^src/core/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/core/', '^src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'sdk-self-contained',
      comment: 'The SDK ships on its own: it never imports the service (src/) or its tooling.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(src|test|scripts|bench|migrations)/' },
    },
    {
      name: 'sdk-runtime-dependencies',
      comment: "Beyond Node itself the SDK depends on ws only (fetch is Node's own).",
      severity: 'error',
      from: { path: '^sdk/src/' },
      to: { path: '^node_modules/', pathNot: '^node_modules/(ws|@types/ws|@types/node|undici-types)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: { path: '^(src|test|sdk)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
