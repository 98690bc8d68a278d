/**
 * Loads every locale's translations before the tests of shared code run, as the server does at
 * start (src/server/route-modules.server.ts): forms, validation and components read them through
 * `getI18n`, which needs them loaded (src/shared/i18n/i18n.ts).
 */
import { loadTranslations } from '../../src/shared/i18n/i18n.ts';

await loadTranslations();
