import { slugCandidate, slugCandidatesFor, slugify } from './slug';

describe('slugify', () => {
  it('lowercases', () => {
    expect(slugify('FleetOps', 'fb')).toBe('fleetops');
  });

  it('collapses every run of non-alphanumerics to a single dash', () => {
    expect(slugify('Fleet Ops — EU', 'fb')).toBe('fleet-ops-eu');
    expect(slugify('a   b', 'fb')).toBe('a-b');
    expect(slugify('a_b.c/d', 'fb')).toBe('a-b-c-d');
    expect(slugify('a--__--b', 'fb')).toBe('a-b');
  });

  it('keeps digits', () => {
    expect(slugify('Robot 42 Unit 7', 'fb')).toBe('robot-42-unit-7');
  });

  it('trims leading and trailing dashes', () => {
    expect(slugify('  --Hello World!--  ', 'fb')).toBe('hello-world');
    expect(slugify('***x***', 'fb')).toBe('x');
  });

  it('strips accents', () => {
    expect(slugify('Café Düsseldorf', 'fb')).toBe('cafe-dusseldorf');
    expect(slugify('Ångström Señor', 'fb')).toBe('angstrom-senor');
  });

  it('truncates to the default maximum of 48 characters', () => {
    expect(slugify('a'.repeat(60), 'fb')).toBe('a'.repeat(48));
  });

  it('truncates to maxLength', () => {
    expect(slugify('abcdefghij', 'fb', 5)).toBe('abcde');
  });

  it('does not leave a trailing dash after truncating', () => {
    // "abcd-efgh" cut at 5 is "abcd-"
    expect(slugify('abcd efgh', 'fb', 5)).toBe('abcd');
    // cut at 6 keeps the first letter of the next word
    expect(slugify('abcd efgh', 'fb', 6)).toBe('abcd-e');
  });

  it('falls back for empty and symbol-only names', () => {
    expect(slugify('', 'workspace')).toBe('workspace');
    expect(slugify('!!!', 'agent')).toBe('agent');
    expect(slugify('   ', 'agent')).toBe('agent');
    expect(slugify('___', 'agent')).toBe('agent');
    expect(slugify('日本語', 'agent')).toBe('agent');
  });

  it('never produces an underscore, so it cannot collide with "_workspace-key"', () => {
    const inputs = [
      '_workspace-key',
      '_workspace_key',
      'workspace_key',
      '__init__',
      'a_b_c',
      '_',
      'x__',
      'Ｆｕｌｌ＿Ｗｉｄｔｈ',
      '＿workspace＿key',
    ];
    for (const input of inputs) {
      const slug = slugify(input, 'fallback');
      expect(slug).not.toContain('_');
      expect(slug).not.toBe('_workspace-key');
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(slugify('_workspace-key', 'fallback')).toBe('workspace-key');
  });
});

describe('slugCandidatesFor', () => {
  const id = '3f2a9c0e-1b7d-4e6f-8a9b-0c1d2e3f4a5b';

  it("is the base, the base with the id's first 4 characters, then the base with the whole id", () => {
    expect(slugCandidatesFor('enrolled-agent', id)).toEqual([
      'enrolled-agent',
      'enrolled-agent-3f2a',
      'enrolled-agent-3f2a9c0e-1b7d-4e6f-8a9b-0c1d2e3f4a5b',
    ]);
  });

  it('gives rows of one base as many distinct last candidates as there are ids', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`);
    expect(new Set(ids.map((x) => slugCandidatesFor('agent', x)[2])).size).toBe(ids.length);
  });
});

describe('slugCandidate', () => {
  it('is the base itself on attempt 0', () => {
    expect(slugCandidate('fleet-ops', 0)).toBe('fleet-ops');
  });

  it('appends a dash and 4 hex characters on later attempts', () => {
    for (const attempt of [1, 2, 7]) {
      expect(slugCandidate('fleet-ops', attempt)).toMatch(/^fleet-ops-[0-9a-f]{4}$/);
    }
  });

  it('varies across calls', () => {
    const values = new Set(Array.from({ length: 20 }, () => slugCandidate('base', 1)));
    expect(values.size).toBeGreaterThan(1);
  });
});
