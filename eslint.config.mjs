// The lint half of the quality gate (`npm run lint`; `npm run check` runs it with typecheck and
// the format check). Formatting is Prettier's alone (eslint-config-prettier turns off every rule
// that would disagree with it). The module-graph rules (core imports no feature, features reach
// each other through index.ts, no folder cycles) stay in dependency-cruiser
// (.dependency-cruiser.cjs), which sees the whole graph: ESLint sees one file at a time.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      'dist/',
      'sdk/dist/',
      'sdk/src/generated/',
      'coverage/',
      '.data/',
      '.tools/',
      'bench/results/',
      'bench/builds/',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, prettier],
    plugins: { 'import-x': importX },
    languageOptions: {
      // One program, tsconfig.json's, for every file (it includes sdk/src too). The project
      // service would also build sdk/tsconfig.json's program for the SDK's files: a third more
      // time and memory for the same types. A new .ts file outside tsconfig.json's `include`
      // fails to parse here until it is added there, so tsc checks it too.
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Promises: every one is awaited, returned, or marked `void` on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A rejection passes on what it caught (typed `unknown`) unchanged, as `throw err` may
      // (only-throw-error allows `unknown` by default); a value built here is an Error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // A switch over a union names every member (or says `default` on purpose).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Imports: builtins, packages, then the project's own; one import statement per module.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index'], 'type'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      'no-duplicate-imports': 'off',
      // process.env is read in one place: the validated config (src/core/config/).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through AppConfig (src/core/config/app-config.ts).' },
      ],
      // Rules of the recommended sets that this code base answers otherwise:
      // the strict `any`-flow rules fire on every untyped pg and JSON value; the typed database
      // door (docs/architecture.md) is how rows get types, not a cast at each use.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      // Nest's DI takes classes, and modules are classes with no members.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  {
    // Where process.env belongs: the config, and the tooling and tests that start processes.
    files: ['src/core/config/**', '**/*.spec.ts', 'test/**', 'bench/**', 'scripts/**', 'sdk/src/simulator/**', 'migrations/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests may use `any` to reach into what they check, and jest's expect helpers.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [js.configs.recommended, prettier],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
