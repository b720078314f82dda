import { presentedCredential } from './machine-auth.strategy';
import type { Request } from 'express';

/** The credential value a request presents. */
const presentedMachineCredential = (r: Request) => presentedCredential(r).value;

/** A fake request carrying only headers, as Node delivers them (lower-cased names). */
function req(headers: Record<string, string | string[] | undefined>): Request {
  return { headers } as unknown as Request;
}

describe('presentedMachineCredential', () => {
  it('reads a Bearer credential', () => {
    expect(presentedMachineCredential(req({ authorization: 'Bearer agk_abc123' }))).toBe('agk_abc123');
    expect(presentedMachineCredential(req({ authorization: 'Bearer X' }))).toBe('X');
  });

  it('accepts the scheme case-insensitively', () => {
    expect(presentedMachineCredential(req({ authorization: 'bearer X' }))).toBe('X');
    expect(presentedMachineCredential(req({ authorization: 'BEARER X' }))).toBe('X');
  });

  it('tolerates extra spaces after the scheme and trailing whitespace', () => {
    expect(presentedMachineCredential(req({ authorization: 'Bearer   X' }))).toBe('X');
    expect(presentedMachineCredential(req({ authorization: 'Bearer X ' }))).toBe('X');
  });

  it('returns undefined for another scheme', () => {
    expect(presentedMachineCredential(req({ authorization: 'Basic abc' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: 'Token X' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: 'BearerX' }))).toBeUndefined();
  });

  it('returns undefined for a bare scheme or a malformed value', () => {
    expect(presentedMachineCredential(req({ authorization: 'Bearer' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: 'Bearer ' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: 'Bearer X Y' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: 'X' }))).toBeUndefined();
  });

  it('prefers Authorization over x-agent-api-key', () => {
    expect(presentedMachineCredential(req({ authorization: 'Bearer from-auth', 'x-agent-api-key': 'agk_from_header' }))).toBe('from-auth');
  });

  it('does not fall back to x-agent-api-key when Authorization is present but unusable', () => {
    expect(presentedMachineCredential(req({ authorization: 'Basic abc', 'x-agent-api-key': 'agk_from_header' }))).toBeUndefined();
  });

  it('uses x-agent-api-key when there is no Authorization', () => {
    expect(presentedMachineCredential(req({ 'x-agent-api-key': 'agk_from_header' }))).toBe('agk_from_header');
  });

  it('never reads x_agent_api_key', () => {
    expect(presentedMachineCredential(req({ x_agent_api_key: 'agk_underscore' }))).toBeUndefined();
  });

  it('returns undefined when nothing is presented', () => {
    expect(presentedMachineCredential(req({}))).toBeUndefined();
  });

  it('treats empty strings as absent', () => {
    expect(presentedMachineCredential(req({ authorization: '' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ 'x-agent-api-key': '' }))).toBeUndefined();
    expect(presentedMachineCredential(req({ authorization: '', 'x-agent-api-key': '' }))).toBeUndefined();
  });
});

describe('presentedCredential (source)', () => {
  it('reports an empty Authorization header as absent, so the key header is the source', () => {
    expect(presentedCredential({ headers: { authorization: '', 'x-agent-api-key': 'tok' } })).toEqual({
      value: 'tok',
      source: 'api-key-header',
    });
  });
  it('reports a malformed Authorization header as the source with no value', () => {
    expect(presentedCredential({ headers: { authorization: 'Basic abc', 'x-agent-api-key': 'agk_x' } })).toEqual({
      value: undefined,
      source: 'authorization',
    });
  });
  it('reports none when neither header is present', () => {
    expect(presentedCredential({ headers: {} })).toEqual({ value: undefined, source: 'none' });
  });
});
