/**
 * Sentences with a link, rendered by react-i18next's `Trans` (docs/decisions/089-i18next-per-route-namespaces.md):
 * the link holds its words. A tag named like an HTML void element (`<link>`) would be parsed as empty,
 * with the words after it; tests/unit/translations.test.ts forbids such tag names in the texts.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider, Trans } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/shared/i18n/locale.ts';
import { i18nFor } from '../../src/shared/i18n/translations.ts';
import { AppLink } from '../../src/shared/ui/app-link.tsx';
import { LocaleContext } from '../../src/shared/ui/root-data.ts';

function render(i18nKey: string, to: string, locale: Locale): string {
  const element = (
    <I18nextProvider i18n={i18nFor(locale)}>
      <LocaleContext.Provider value={locale}>
        <p>
          <Trans i18nKey={i18nKey} components={{ a: <AppLink to={to} /> }} />
        </p>
      </LocaleContext.Provider>
    </I18nextProvider>
  );
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

describe('Trans sentences with a link', () => {
  it.each([
    ['myVacancies.termsNote', '/adverteren', 'nl', '<a href="/adverteren">Adverteren</a>'],
    ['myVacancies.termsNote', '/adverteren', 'en', '<a href="/en/adverteren">Advertising</a>'],
    [
      'registrations.mine.empty',
      '/inschrijvingen',
      'nl',
      '<a href="/inschrijvingen">Inschrijven voor een evenement</a>',
    ],
    [
      'registrations.mine.empty',
      '/inschrijvingen',
      'en',
      '<a href="/en/inschrijvingen">Register for an event</a>',
    ],
  ] as const)('%s (%s → %s) puts the words inside the link', (key, to, locale, link) => {
    const html = render(key, to, locale);
    expect(html).toContain(link);
    expect(html).not.toContain('></a>');
  });
});
