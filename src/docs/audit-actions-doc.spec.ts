import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from '../audit/audit-actions';

/** docs/audit.md's table of actions lists exactly AUDIT_ACTIONS: the actions are part of the interface. */
describe('docs/audit.md', () => {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'audit.md'), 'utf8');
  const section = /^### Actions\n([\s\S]*?)(?=^#{2,3} )/m.exec(doc)?.[1] ?? '';
  const documented = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]));

  it('has a row for every audit action, and none for an action that does not exist', () => {
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
