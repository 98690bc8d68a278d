/**
 * The translator in React's context: the document (src/shared/shell/document.tsx) provides the
 * page locale's translator, on the server and in the browser alike, and views read it with
 * `useT()` (its `t`) or `useTranslator()` (also its locale and `exists`). The portal's own
 * translator (`translations.ts`, `compiled-t.ts`) replaces react-i18next's `I18nextProvider` and
 * `useTranslation`, so the browser ships neither i18next nor react-i18next
 * (docs/decisions/072-translations-per-route.md); a translator never changes its locale, so the
 * context value is stable (docs/decisions/041-render-hot-path.md).
 */
import { createContext, useContext } from 'react';
import type { TFunction, Translator } from './translations.ts';

/** The page locale's translator; null outside the document. */
export const TranslatorContext = createContext<Translator | null>(null);

/**
 * Returns the translator in context.
 * @throws Error when no `TranslatorContext` provider is above the component.
 */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useT() needs a TranslatorContext provider above the component');
  return translator;
}

/**
 * Returns `t` of the translator in context.
 * @throws Error when no `TranslatorContext` provider is above the component.
 */
export function useT(): TFunction {
  return useTranslator().t;
}
