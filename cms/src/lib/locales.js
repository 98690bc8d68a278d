/**
 * Ensures the i18n locales the portal needs: `nl` (default) and `en`. Idempotent.
 */

/** Locales to create when missing, in order; the first is the default. */
const LOCALES = [
  { code: 'nl', name: 'Dutch (nl)' },
  { code: 'en', name: 'English (en)' },
];

/**
 * Create missing locales and make `nl` the default locale.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @returns {Promise<void>}
 */
async function ensureLocales(strapi) {
  const localesService = strapi.plugin('i18n').service('locales');
  for (const locale of LOCALES) {
    if (!(await localesService.findByCode(locale.code))) {
      await localesService.create(locale);
      strapi.log.info(`[i18n] created locale ${locale.code}`);
    }
  }
  const defaultCode = LOCALES[0].code;
  if ((await localesService.getDefaultLocale()) !== defaultCode) {
    await localesService.setDefaultLocale({ code: defaultCode });
    strapi.log.info(`[i18n] default locale set to ${defaultCode}`);
  }
}

module.exports = { ensureLocales, LOCALES };
