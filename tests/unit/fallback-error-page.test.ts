import { describe, expect, it } from 'vitest';
import { fallbackErrorPage } from '../../src/server/http/fallback-error-page.server.ts';

describe('the static error page (decision 092)', () => {
  it('is Dutch on Dutch paths and English under /en, with the request id to quote', () => {
    const dutch = fallbackErrorPage('nl', 'edge-1234');
    expect(dutch).toContain('<html lang="nl">');
    expect(dutch).toContain('<h1>Er is iets fout gegaan</h1>');
    expect(dutch).toContain('Neem je contact met ons op? Noem dan deze code: <code>edge-1234</code>');
    expect(dutch).toContain('<a href="/">Terug naar home</a>');
    const english = fallbackErrorPage('en', 'edge-1234');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Something went wrong</h1>');
    expect(english).toContain('Contacting us? Please quote this code: <code>edge-1234</code>');
    expect(english).toContain('<a href="/en">Back to home</a>');
  });

  it('leaves the sentence out without an id, and escapes what it shows', () => {
    expect(fallbackErrorPage('nl', undefined)).not.toContain('<code>');
    expect(fallbackErrorPage('nl', '<b>x</b>')).toContain('<code>&lt;b&gt;x&lt;/b&gt;</code>');
  });
});
