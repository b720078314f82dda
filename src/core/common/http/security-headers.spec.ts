import { securityHeaders, securityHeadersMiddleware } from './security-headers';
import type { Request, Response } from 'express';

const hsts = { maxAgeSeconds: 31_536_000, includeSubDomains: false };

describe('securityHeaders', () => {
  it('is nosniff alone outside production', () => {
    expect(securityHeaders({ isProduction: false, hsts })).toEqual({ 'x-content-type-options': 'nosniff' });
  });

  it('adds strict-transport-security in production, with includeSubDomains when configured', () => {
    expect(securityHeaders({ isProduction: true, hsts })).toEqual({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(securityHeaders({ isProduction: true, hsts: { maxAgeSeconds: 0, includeSubDomains: true } })['strict-transport-security']).toBe(
      'max-age=0; includeSubDomains',
    );
  });

  it('the middleware sets them on the response and passes on', () => {
    const set: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as Response;
    const next = jest.fn();
    securityHeadersMiddleware({ isProduction: true, hsts })({} as Request, res, next);
    expect(set).toEqual({ 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=31536000' });
    expect(next).toHaveBeenCalledWith();
  });
});
