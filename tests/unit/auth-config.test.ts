/** The accounts configuration from the environment (src/server/auth/auth-config.server.ts). */
import { describe, expect, it } from 'vitest';
import { readAuthConfig } from '../../src/server/auth/auth-config.server.ts';

const app = { publicUrl: 'https://www.example.nl', strapiUrl: 'http://127.0.0.1:1337' };

describe('readAuthConfig', () => {
  it('has safe defaults', () => {
    expect(readAuthConfig({}, app)).toEqual({
      secureCookies: true,
      userQuery: undefined,
      rateLimit: { windowMs: 900_000, perIp: 30, perIdentifier: 5 },
      strapiPublicUrl: 'http://127.0.0.1:1337',
      providers: [],
      renewAfterMs: 900_000,
    });
    expect(readAuthConfig({}, { ...app, publicUrl: 'http://localhost:3000' }).secureCookies).toBe(false);
  });

  it('reads the /users/me query, limits, providers and the public CMS URL', () => {
    const config = readAuthConfig(
      {
        AUTH_USER_POPULATE: 'role, vacancies',
        AUTH_USER_FIELDS: 'username,email',
        AUTH_RATE_LIMIT_WINDOW_MS: '60000',
        AUTH_RATE_LIMIT_IP: '0',
        AUTH_RATE_LIMIT_IDENTIFIER: '3',
        AUTH_PROVIDERS: 'github,google',
        STRAPI_PUBLIC_URL: 'https://cms.example.nl/',
      },
      app,
    );
    expect(config.userQuery).toEqual({ populate: ['role', 'vacancies'], fields: ['username', 'email'] });
    expect(config.rateLimit).toEqual({ windowMs: 60_000, perIp: 0, perIdentifier: 3 });
    expect(config.providers).toEqual(['github', 'google']);
    expect(config.strapiPublicUrl).toBe('https://cms.example.nl');
  });

  it.each([
    ['AUTH_RATE_LIMIT_IP', 'many'],
    ['AUTH_RATE_LIMIT_WINDOW_MS', '10'],
    ['AUTH_USER_POPULATE', 'role;drop'],
    ['AUTH_PROVIDERS', 'Git Hub'],
    ['STRAPI_PUBLIC_URL', 'cms'],
  ])('stops with a message naming %s when it is invalid', (key, value) => {
    expect(() => readAuthConfig({ [key]: value }, app)).toThrow(key);
  });
});
