/**
 * Every locale's translations at once, in i18next's resource shape, for code that needs all of
 * them synchronously (tests comparing the locales). Pages use {@link getI18n} from `i18n.ts`.
 */
import type { Resource } from 'i18next';
import { translation as en } from './translations/en.ts';
import { translation as nl } from './translations/nl.ts';

/** All translations, by locale. */
export const resources: Resource = { nl: { translation: nl }, en: { translation: en } };
