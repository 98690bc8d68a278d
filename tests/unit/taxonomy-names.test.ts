/**
 * Names in the page's language (docs/decisions/112-english-pages-speak-english.md): topics and job
 * categories (the CMS's Dutch name in Dutch, the English translation of the slug under `/en`, the
 * CMS's name for a slug without one), and the organiser of the portal's own events (the site's
 * name in the page's language).
 */
import { describe, expect, it } from 'vitest';
import { fixedT } from '../../src/shared/i18n/translations.ts';
import { organiserName } from '../../src/shared/ui/schema-org-event.ts';
import { taxonomyName } from '../../src/shared/ui/taxonomy-names.ts';

describe('taxonomyName', () => {
  const en = fixedT('en');
  const nl = fixedT('nl');

  it('gives the English name of a fixed topic or seeded job category under /en', () => {
    expect(taxonomyName('topic', { name: 'Logistiek', slug: 'logistiek' }, 'en', en)).toBe('Logistics');
    expect(taxonomyName('jobCategory', { name: 'Logistiek', slug: 'logistiek' }, 'en', en)).toBe('Logistics');
  });

  it('keeps the CMS’s name in Dutch, whatever the translations say', () => {
    expect(taxonomyName('topic', { name: 'Logistiek & transport', slug: 'logistiek' }, 'nl', nl)).toBe(
      'Logistiek & transport',
    );
  });

  it('falls back to the CMS’s name for a slug the translations do not know', () => {
    expect(taxonomyName('jobCategory', { name: 'Douane', slug: 'douane' }, 'en', en)).toBe('Douane');
  });
});

describe('organiserName', () => {
  it('names the site for the portal’s own events (a site path), in the language given', () => {
    const own = { organiser: 'Logistiek & E-commerce Nieuws', organiserUrl: '/over-ons' };
    expect(organiserName(own, 'Logistics & E-commerce News')).toBe('Logistics & E-commerce News');
    expect(organiserName(own, undefined)).toBe('Logistiek & E-commerce Nieuws');
  });

  it('keeps an outside organiser, and names none when the CMS names none', () => {
    expect(organiserName({ organiser: 'Thuiswinkel', organiserUrl: 'https://example.com' }, 'Site')).toBe(
      'Thuiswinkel',
    );
    expect(organiserName({ organiser: 'Thuiswinkel', organiserUrl: '//example.com' }, 'Site')).toBe(
      'Thuiswinkel',
    );
    expect(organiserName({ organiser: null, organiserUrl: '/over-ons' }, 'Site')).toBeNull();
  });
});
