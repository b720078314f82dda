import { isPostgresUrl, parseHostList, singleHostUrl } from './postgres-hosts';

const OPTIONS = { require_tld: false, require_protocol: true, protocols: ['postgres', 'postgresql'] };

describe('DATABASE_URL host lists (ADR 0276)', () => {
  it('leaves a URL of one host to pg as it is', () => {
    const url = 'postgres://u:p@db.internal:5432/app?sslmode=verify-full';
    expect(parseHostList(url)).toBeUndefined();
    expect(singleHostUrl(url)).toBe(url);
  });

  it('splits libpq host lists, defaulting ports to 5432 and the target to read-write', () => {
    const list = parseHostList('postgresql://u:p%40ss@h1:6432,h2,[::1]:5433/app?sslmode=require&target_session_attrs=read-write')!;
    expect(list.endpoints).toEqual([
      { host: 'h1', port: 6432 },
      { host: 'h2', port: 5432 },
      { host: '::1', port: 5433 },
    ]);
    expect(list.target).toBe('read-write');
    expect(list.url).toBe('postgresql://u:p%40ss@h1:6432/app?sslmode=require');
    expect(parseHostList('postgres://u@h1,h2/app')!.target).toBe('read-write');
  });

  it('takes target_session_attrs on one host too (the connection path then checks that server)', () => {
    const list = parseHostList('postgres://u@h1:5432/app?target_session_attrs=primary')!;
    expect(list).toEqual({ url: 'postgres://u@h1:5432/app', endpoints: [{ host: 'h1', port: 5432 }], target: 'primary' });
  });

  it('refuses targets the service cannot run on, and empty hosts', () => {
    expect(() => parseHostList('postgres://u@h1,h2/app?target_session_attrs=standby')).toThrow(/read-write or primary/);
    expect(() => parseHostList('postgres://u@h1,,h2/app')).toThrow(/empty/);
    expect(isPostgresUrl('postgres://u@h1,h2/app?target_session_attrs=any', OPTIONS)).toBe(false);
    expect(isPostgresUrl('postgres://u@h1,:5432/app', OPTIONS)).toBe(false);
  });

  it('validates every host of a list as a postgres:// URL', () => {
    expect(isPostgresUrl('postgres://u:p@10.0.0.1:5432,10.0.0.2:5432/app?target_session_attrs=read-write', OPTIONS)).toBe(true);
    expect(isPostgresUrl('postgres://u:p@10.0.0.1:5432/app', OPTIONS)).toBe(true);
    expect(isPostgresUrl('mysql://u:p@10.0.0.1:5432,10.0.0.2/app', OPTIONS)).toBe(false);
    expect(isPostgresUrl('postgres://u:p@10.0.0.1:5432,bad host/app', OPTIONS)).toBe(false);
  });
});
