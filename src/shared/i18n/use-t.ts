/**
 * `useT()`: the translate function of the i18next instance in context (react-i18next's
 * `I18nextProvider`), without `useTranslation`'s per-component cost.
 *
 * react-i18next 17's `useTranslation` copies every property of the i18n instance into a wrapper on
 * a component's first render, and on the server every render is a first render: it took about 13%
 * of the CPU of a page render (`npm run bench`, CPU profile). The portal never changes the language
 * of an instance (one instance per locale, `i18n.ts`) and never loads namespaces at run time, so one
 * fixed `t` per instance, cached, is equivalent. That `t` is precompiled (`compiled-t.ts`): plain
 * lookups and `{{name}}` values skip i18next's per-call work (decision 068).
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import { createCompiledT } from './compiled-t.ts';
import { DEFAULT_LOCALE } from './locale.ts';

const cache = new WeakMap<I18n, TFunction>();

/**
 * The cached, precompiled `t` of an i18next instance (its current language), for code outside
 * React's context (the document's `<head>`, rendered above the `I18nextProvider`).
 */
export function fixedT(instance: I18n): TFunction {
  let t = cache.get(instance);
  if (!t) {
    t = createCompiledT(
      instance.options.resources ?? {},
      instance.language,
      DEFAULT_LOCALE,
      instance.getFixedT(null, 'translation'),
    );
    cache.set(instance, t);
  }
  return t;
}

/**
 * Returns `t` for the instance in context (its current language).
 * @throws Error when no `I18nextProvider` is above the component.
 */
export function useT(): TFunction {
  const instance = useContext(I18nContext)?.i18n;
  if (!instance) throw new Error('useT() needs an I18nextProvider above the component');
  return fixedT(instance);
}
