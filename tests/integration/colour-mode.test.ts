/**
 * The colour mode in the served document (docs/decisions/056-colour-mode.md): every page, fresh
 * or from the rendered-page cache, opens `<head>` with the colour-mode script right after the
 * charset, before any stylesheet; the CSP allows exactly that text by its SHA-384; and the
 * `theme-color` comes once per scheme.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { COLOR_MODE_SCRIPT } from '../../src/shared/shell/color-mode.ts';
import { createTestApp } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp(undefined, { pageCacheTtlMs: 10_000 });
});

afterAll(() => portal?.close());

describe('the document', () => {
  for (const path of ['/', '/jobs', '/deze-pagina-bestaat-niet']) {
    it(`starts <head> of ${path} with the colour-mode script, allowed by its hash, also from the page cache`, async () => {
      for (const cache of ['MISS', 'HIT']) {
        const response = await request(portal.app).get(path);
        expect([200, 404]).toContain(response.status);
        expect(response.headers['x-cache']).toBe(cache);
        const html = response.text;
        expect(html.startsWith('<!DOCTYPE html><html lang=')).toBe(true);
        const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
        expect(head.startsWith(`<head><meta charSet="utf-8"/><script>${COLOR_MODE_SCRIPT}</script>`)).toBe(
          true,
        );
        expect(html.split('<script>(function ()').length - 1, 'one copy').toBe(1);
        expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(head.indexOf('</script>'));
        const hash = createHash('sha384').update(COLOR_MODE_SCRIPT, 'utf8').digest('base64');
        const scriptSrc = /(?:^|;)\s*script-src ([^;]+)/.exec(
          response.headers['content-security-policy'] ?? '',
        );
        expect(scriptSrc?.[1]?.split(' ')).toContain(`'sha384-${hash}'`);
        expect(head).toContain(
          '<meta name="theme-color" content="#55738b" media="(prefers-color-scheme: light)"',
        );
        expect(head).toContain(
          '<meta name="theme-color" content="#34495a" media="(prefers-color-scheme: dark)"',
        );
      }
    });
  }
});
