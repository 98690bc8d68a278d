/**
 * The account corner of the site header: a login link for anonymous visitors (returning
 * them to the current page), or the user menu for signed-in users: account, invite a colleague,
 * and log out (a POST form). The menu is a `<details>` element, so it works without JavaScript,
 * and it closes on every navigation (docs/product.md#states).
 */
import './header-account.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { localizePath, splitLocale } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { SIGN_IN_PAGES } from './sign-in-pages.ts';

/** Pages whose login link carries no `redirect` (they are part of signing in themselves). */
const AUTH_PAGES = new Set(SIGN_IN_PAGES);

export function HeaderAccount() {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useRootData()?.user ?? null;
  const { pathname, search } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the location changes
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [pathname, search]);

  if (!user) {
    const { path } = splitLocale(pathname);
    const returnTo =
      AUTH_PAGES.has(path) || path === '/account' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
    return (
      <AppLink to={`/inloggen${returnTo}`} className="header-account__login" rel="nofollow">
        {t('accounts.nav.login')}
      </AppLink>
    );
  }
  const initial = (user.email || user.username).slice(0, 1).toUpperCase();
  return (
    <details className="header-account" ref={menuRef}>
      <summary title={t('accounts.nav.userMenu')}>
        <span className="header-account__avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="header-account__label">{t('accounts.nav.account')}</span>
      </summary>
      <div className="header-account__panel">
        <p className="header-account__who">{t('accounts.nav.signedInAs', { email: user.email })}</p>
        <ul>
          <li>
            <AppLink to="/account">{t('accounts.nav.account')}</AppLink>
          </li>
          <li>
            <AppLink to="/jobs/mijn">{t('accounts.nav.myVacancies')}</AppLink>
          </li>
          <li>
            <AppLink to="/uitnodiging">{t('accounts.nav.invite')}</AppLink>
          </li>
        </ul>
        <Form method="post" action={localizePath('/account', locale)} className="header-account__logout">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit">{t('accounts.nav.logout')}</button>
        </Form>
      </div>
    </details>
  );
}
