import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDK_USER_AGENT, SDK_VERSION } from './version';

describe('the SDK package', () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));

  it('reports the version sdk/package.json declares', () => {
    expect(SDK_VERSION).toBe(pkg.version);
    expect(SDK_USER_AGENT).toBe(`agent-network-sdk/${pkg.version} node/${process.versions.node}`);
  });

  it('has no runtime dependency beyond ws (fetch is Node’s own)', () => {
    expect(Object.keys(pkg.dependencies)).toEqual(['ws']);
    expect(pkg.devDependencies).toBeUndefined();
  });
});
