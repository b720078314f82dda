/** Two projects: unit specs beside the code, e2e suites under test/ on a real Postgres and Redis. */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] };

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/src', '<rootDir>/sdk/src'],
      testMatch: ['**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform,
      setupFiles: ['<rootDir>/test/support/env.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      // after every suite: the audit events the run wrote hold no secret (test/support/audit-secrets.ts)
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      slowTestThreshold: 15,
    },
  ],
  testTimeout: 30000,
};
