/**
 * The compact search box of the site header: a `<search>` landmark with a GET form to
 * `/zoeken` in the current locale, so it works without JavaScript. The label is for screen readers only; the button shows
 * a magnifier with an accessible name.
 */

import { useTranslation } from 'react-i18next';
import { localizePath } from '../../i18n/locale.ts';
import { useLocale } from '../../ui/root-data.ts';
import { SEARCH_PATH } from '../../urls.ts';
import './search-box.css';

/** Header search form. */
export function SearchBox() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <search className="search-box">
      <form className="search-box__form" method="get" action={localizePath(SEARCH_PATH, locale)}>
        <label htmlFor="site-search" className="visually-hidden">
          {t('search.box.label')}
        </label>
        <input
          id="site-search"
          className="search-box__input"
          type="search"
          name="q"
          maxLength={200}
          placeholder={t('search.box.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="search-box__button" aria-label={t('search.box.submit')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path
              d="m15.5 15.5 5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </form>
    </search>
  );
}
