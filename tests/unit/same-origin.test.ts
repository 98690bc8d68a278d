import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/server/http/trust-proxy.server.ts';
import { isSameOriginRequest } from '../../src/server/middleware/same-origin.server.ts';

const allowed = ['https://portal.test', 'http://127.0.0.1:3000'];

describe('isSameOriginRequest (CSRF, decision 009)', () => {
  it('accepts the portal’s own origins', () => {
    expect(isSameOriginRequest({ origin: 'https://portal.test' }, allowed)).toBe(true);
    expect(
      isSameOriginRequest({ origin: 'http://127.0.0.1:3000', secFetchSite: 'same-origin' }, allowed),
    ).toBe(true);
  });
  it('refuses other origins, also look-alikes and "null"', () => {
    expect(isSameOriginRequest({ origin: 'https://evil.example' }, allowed)).toBe(false);
    expect(isSameOriginRequest({ origin: 'https://portal.test.evil.example' }, allowed)).toBe(false);
    expect(isSameOriginRequest({ origin: 'null' }, allowed)).toBe(false);
  });
  it('judges "Origin: null" (a form post under Referrer-Policy: no-referrer) by Fetch Metadata', () => {
    expect(isSameOriginRequest({ origin: 'null', secFetchSite: 'same-origin' }, allowed)).toBe(true);
    expect(isSameOriginRequest({ origin: 'null', secFetchSite: 'cross-site' }, allowed)).toBe(false);
    expect(isSameOriginRequest({ origin: 'null', secFetchSite: 'same-site' }, allowed)).toBe(false);
  });
  it('falls back to Fetch Metadata without Origin', () => {
    expect(isSameOriginRequest({ secFetchSite: 'cross-site' }, allowed)).toBe(false);
    expect(isSameOriginRequest({ secFetchSite: 'same-site' }, allowed)).toBe(false);
    expect(isSameOriginRequest({ secFetchSite: 'same-origin' }, allowed)).toBe(true);
    expect(isSameOriginRequest({ secFetchSite: 'none' }, allowed)).toBe(true);
  });
  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site (decision 009)', () => {
    expect(isSameOriginRequest({}, allowed)).toBe(false);
  });
});

describe('parseTrustProxy', () => {
  it('trusts no proxy unless one is configured', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.4')).toBe('10.0.0.0/8, 192.168.1.4');
  });
});
