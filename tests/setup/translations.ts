/**
 * Loads every translation file of every locale before the tests of shared code run, as the server
 * does at start (src/server/route-modules.server.ts): forms, validation and components read them
 * through i18next (`i18nFor`, `fixedT`: src/shared/i18n/translations.ts).
 */
import { loadAllTexts } from '../../src/shared/i18n/translations.ts';

await loadAllTexts();
