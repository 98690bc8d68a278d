/**
 * Site header: brand, colour-mode switch, main navigation from the CMS `site` single type, and the
 * language switcher (a link through the server's `/taal/{locale}` route, which remembers the choice).
 * The mobile menu is a `<details>` element, so it works without JavaScript; it opens as a panel
 * below the header (the button does not move), closes on Escape (focus back on the button) and
 * again on every navigation (docs/product.md#states).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HeaderAccount } from '../features/accounts/header-account.tsx';
import { SearchBox } from '../features/search/search-box.tsx';
import { DEFAULT_LOCALE, splitLocale } from '../i18n/locale.ts';
import { AppLink } from '../ui/app-link.tsx';
import { LogoMark } from '../ui/logo-mark.tsx';
import { useLocale, useRootData } from '../ui/root-data.ts';
import { localeSwitchPath, NEWS_PATH } from '../urls.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';

/**
 * True when the nav item's path is the current page or a parent of it; the news list (or, in an
 * older navigation, home) is also the parent of the news items and tag pages (`/news/...`).
 */
function isActive(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/') return currentPath === '/' || currentPath.startsWith('/news/');
  if (itemPath === NEWS_PATH && currentPath.startsWith('/news/')) return true;
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}

/** The header of the default and fullpage layouts. */
export function SiteHeader() {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const { pathname, search } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { path } = splitLocale(pathname);
  const otherLocale = locale === DEFAULT_LOCALE ? 'en' : DEFAULT_LOCALE;
  const navigation = root?.site?.navigation ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the location changes
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname, search]);

  // Escape closes the open menu and returns focus to its button (WAI-ARIA disclosure pattern).
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    menu.addEventListener('keydown', onKeyDown);
    return () => menu.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('site.skipToContent')}
      </a>
      <div className="site-header__inner container">
        {/* Named by its visible text (WCAG 2.5.3); the logo mark is decoration. */}
        <AppLink to="/" className="site-header__brand">
          <LogoMark className="site-header__logo" />
          <span className="site-header__name">{root?.site?.name ?? t('site.home')}</span>
        </AppLink>
        <ColorModeSwitch />
        <details className="site-header__menu" ref={menuRef}>
          <summary>{t('site.menu')}</summary>
          <nav aria-label={t('site.mainNavigation')}>
            <ul>
              {navigation.map((item) => (
                <li key={`${item.label}-${item.url}`}>
                  <AppLink to={item.url} aria-current={isActive(item.url, path) ? 'page' : undefined}>
                    {item.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <SearchBox />
        <HeaderAccount />
        <a
          className="site-header__language"
          href={localeSwitchPath(otherLocale, path + search)}
          hrefLang={otherLocale}
          rel="nofollow"
          // A full page load through the server route that remembers the choice (works without JavaScript).
          data-reload=""
          lang={otherLocale}
          aria-label={t('site.switchLanguageLabel')}
          data-locale-switch={otherLocale}
        >
          {t('site.switchLanguage')}
        </a>
      </div>
    </header>
  );
}
