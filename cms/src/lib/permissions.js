/**
 * Grants the users-permissions roles their content API permissions at bootstrap.
 *
 * Idempotent: only permissions that are missing are created, nothing is removed, so
 * permissions added later by an administrator survive restarts.
 */

/** Collection types the public may list and read. */
const READABLE_COLLECTIONS = [
  'page',
  'article',
  'tag',
  'topic',
  'event',
  'vacancy',
  'job-category',
  'magazine',
  'subscription',
  'partner',
  'redirect',
  'author',
];

/**
 * Content API actions granted to every visitor (public role) and to logged-in users.
 * @returns {string[]} Action names such as `api::article.article.find`.
 */
function contentActions() {
  return [
    ...READABLE_COLLECTIONS.flatMap((name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`]),
    'api::site.site.find',
    'api::statistic.statistic.create',
    'api::statistic.statistic.mostRead',
    // Public forms: create only, never find/findOne; the newsletter's token routes.
    'api::contact-message.contact-message.create',
    'api::advertising-enquiry.advertising-enquiry.create',
    'api::newsletter-subscription.newsletter-subscription.create',
    'api::newsletter-subscription.newsletter-subscription.confirm',
    'api::newsletter-subscription.newsletter-subscription.unsubscribe',
    // Event registrations and subscription orders: create, and the events' free places.
    'api::event-registration.event-registration.create',
    'api::event-registration.event-registration.availability',
    'api::subscription-order.subscription-order.create',
    // Push subscriptions: the portal registers the browser's; nobody can list them (src/lib/push.js).
    'api::push-subscription.push-subscription.config',
    'api::push-subscription.push-subscription.register',
    'api::push-subscription.push-subscription.refresh',
    'api::push-subscription.push-subscription.unregister',
  ];
}

/**
 * Content API actions only logged-in users get: their own event registrations, and placing and
 * managing their own vacancies (ownership checked by the `api::vacancy.is-owner` policy).
 */
const AUTHENTICATED_ONLY_ACTIONS = [
  'api::event-registration.event-registration.mine',
  'api::vacancy.vacancy.submit',
  'api::vacancy.vacancy.mine',
  'api::vacancy.vacancy.mineOne',
  'api::vacancy.vacancy.updateMine',
  'api::vacancy.vacancy.withdraw',
];

/**
 * Make sure a role has the given permissions.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @param {string} roleType Role type (`public` or `authenticated`).
 * @param {string[]} actions Action names to grant.
 * @returns {Promise<number>} Number of permissions created.
 */
async function grantRole(strapi, roleType, actions) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  if (!role) {
    strapi.log.warn(`[permissions] role "${roleType}" not found; skipped`);
    return 0;
  }
  const existing = await strapi.db.query('plugin::users-permissions.permission').findMany({
    where: { role: role.id, action: { $in: actions } },
    select: ['action'],
  });
  const present = new Set(existing.map((permission) => permission.action));
  const missing = actions.filter((action) => !present.has(action));
  for (const action of missing) {
    await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
  }
  return missing.length;
}

/**
 * Grant the public and authenticated roles read access to published content,
 * `find` on the site settings and `create` on statistics.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance.
 * @returns {Promise<void>}
 */
async function ensurePermissions(strapi) {
  const actions = contentActions();
  const created =
    (await grantRole(strapi, 'public', actions)) +
    (await grantRole(strapi, 'authenticated', [...actions, ...AUTHENTICATED_ONLY_ACTIONS]));
  if (created > 0) {
    strapi.log.info(`[permissions] granted ${created} content API permissions to public/authenticated roles`);
  }
}

module.exports = { ensurePermissions, contentActions };
