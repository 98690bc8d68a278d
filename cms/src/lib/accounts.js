/**
 * Account settings applied at bootstrap, and the account e-mails (docs/decisions/022).
 *
 * - EMAIL_CONFIRMATION (default `true`): whether a new account must confirm its e-mail address
 *   before it can sign in (users-permissions advanced setting `email_confirmation`). The variable is
 *   the source of truth: it is written at every boot, so change it here, not in the admin panel.
 * - PORTAL_URL (or PUBLIC_PORTAL_URL): the portal's public origin. When set, the confirmation and
 *   reset-password e-mails link to the portal's pages (`/email-valideren?confirmation=…`,
 *   `/wachtwoord-reset?code=…`) in Dutch with an English section, and the reset URL setting points
 *   at the portal. Templates an administrator has edited (no `portal-template` marker and not
 *   Strapi's default text) are left alone.
 * - The authenticated role may invite colleagues (`api::account.account.invite`), end its sessions
 *   (`logout`) and renew its session (`renew`).
 */
const { escapeHtml, portalUrl } = require('./mail');

/** Marker in the e-mail templates this module writes (so it can update them on the next boot). */
const TEMPLATE_MARKER = '<!-- portal-template:v1 -->';

/** Phrases of Strapi's own default templates (an untouched template may be replaced). */
const STRAPI_DEFAULT_PHRASES = ['We heard that you lost your password', 'Thank you for registering!'];

/** Content API actions of the account API that logged-in users may call. */
const AUTHENTICATED_ACTIONS = [
  'api::account.account.invite',
  'api::account.account.logout',
  'api::account.account.renew',
  'api::account.account.deleteAccount',
  'api::account.account.exportData',
  'api::account.account.overview',
  'api::account.account.updateProfile',
  'api::account.account.requestEmailChange',
  'api::account.account.confirmEmailChange',
  'api::account.account.unsubscribeNewsletter',
];


/**
 * Whether new accounts must confirm their e-mail address (EMAIL_CONFIRMATION, default true).
 * @returns {boolean}
 */
function emailConfirmationRequired() {
  const value = (process.env.EMAIL_CONFIRMATION || 'true').trim().toLowerCase();
  return !['false', '0', 'no', 'off'].includes(value);
}


/**
 * The users-permissions e-mail templates for the portal (lodash `<%= %>` placeholders only:
 * users-permissions renders them with strict interpolation, no code). users-permissions sends one
 * body as HTML and as text; the e-mail provider makes the text part from the HTML
 * (src/lib/mail-text.js): each link on a line of its own, the "copy this address" paragraph
 * (`data-mail-text="omit"`) left out, as the text part has the address already.
 * @param {string} portal Portal origin.
 * @returns {{ email_confirmation: {object: string, message: string}, reset_password: {object: string, message: string} }}
 */
function portalTemplates(portal) {
  const confirmNl = `${portal}/email-valideren?confirmation=<%= CODE %>`;
  const confirmEn = `${portal}/en/email-valideren?confirmation=<%= CODE %>`;
  const resetEn = `${portal}/en/wachtwoord-reset?code=<%= TOKEN %>`;
  return {
    email_confirmation: {
      object: 'Bevestig je e-mailadres / Confirm your e-mail address',
      message: `${TEMPLATE_MARKER}
<p>Hallo,</p>
<p>Bedankt voor je registratie. Bevestig je e-mailadres om je account te gebruiken:</p>
<p><a href="${confirmNl}">E-mailadres bevestigen</a></p>
<p data-mail-text="omit">Werkt de link niet? Kopieer dan dit adres in je browser:<br>${confirmNl}</p>
<p>Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.</p>
<hr>
<p lang="en">English: thank you for registering. Please confirm your e-mail address:</p>
<p lang="en"><a href="${confirmEn}">Confirm e-mail address</a></p>
<p lang="en">Did not create an account? Then ignore this e-mail.</p>`,
    },
    reset_password: {
      object: 'Nieuw wachtwoord instellen / Reset your password',
      message: `${TEMPLATE_MARKER}
<p>Hallo,</p>
<p>Je hebt gevraagd om een nieuw wachtwoord. Kies een nieuw wachtwoord via deze link:</p>
<p><a href="<%= URL %>?code=<%= TOKEN %>">Nieuw wachtwoord instellen</a></p>
<p data-mail-text="omit">Werkt de link niet? Kopieer dan dit adres in je browser:<br><%= URL %>?code=<%= TOKEN %></p>
<p>Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.</p>
<hr>
<p lang="en">English: you asked for a new password. Choose one here:</p>
<p lang="en"><a href="${resetEn}">Reset password</a></p>
<p lang="en">Did not ask for this? Then ignore this e-mail.</p>`,
    },
  };
}

/**
 * True when a stored template may be replaced: written by this module, or Strapi's default.
 * @param {string | undefined} message Stored template body.
 * @returns {boolean}
 */
function isReplaceable(message) {
  if (!message) return true;
  return message.includes(TEMPLATE_MARKER) || STRAPI_DEFAULT_PHRASES.some((phrase) => message.includes(phrase));
}

/**
 * Grants the authenticated role the account API actions it lacks.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<void>}
 */
async function grantAccountPermissions(strapi) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  if (!role) return;
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const existing = await permissions.findMany({
    where: { role: role.id, action: { $in: AUTHENTICATED_ACTIONS } },
    select: ['action'],
  });
  const present = new Set(existing.map((permission) => permission.action));
  for (const action of AUTHENTICATED_ACTIONS.filter((name) => !present.has(name))) {
    await permissions.create({ data: { action, role: role.id } });
  }
}

/**
 * Applies the account settings (see the module comment). Runs after `ensureAuthEmails`.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<void>}
 */
async function ensureAccountSettings(strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const portal = portalUrl();

  const advanced = (await store.get({ key: 'advanced' })) || {};
  const wanted = { ...advanced, email_confirmation: emailConfirmationRequired() };
  if (portal) {
    if (!process.env.PASSWORD_RESET_URL) wanted.email_reset_password = `${portal}/wachtwoord-reset`;
    if (!process.env.EMAIL_CONFIRMATION_REDIRECT) {
      wanted.email_confirmation_redirection = `${portal}/inloggen`;
    }
  }
  if (JSON.stringify(wanted) !== JSON.stringify(advanced)) {
    await store.set({ key: 'advanced', value: wanted });
  }
  strapi.log.info(
    `[accounts] e-mail confirmation ${wanted.email_confirmation ? 'required' : 'not required'} for new accounts`,
  );

  if (portal) {
    const templates = await store.get({ key: 'email' });
    if (templates) {
      const ours = portalTemplates(portal);
      let changed = false;
      for (const [key, template] of Object.entries(ours)) {
        const options = templates[key] && templates[key].options;
        if (!options || !isReplaceable(options.message)) continue;
        if (options.message !== template.message || options.object !== template.object) {
          options.message = template.message;
          options.object = template.object;
          changed = true;
        }
      }
      if (changed) {
        await store.set({ key: 'email', value: templates });
        strapi.log.info(`[accounts] account e-mails link to the portal at ${portal}`);
      }
    }
  } else {
    strapi.log.warn('[accounts] PORTAL_URL is not set: account e-mails keep their current links');
  }

  await grantAccountPermissions(strapi);
}

/**
 * The sender of account e-mails: the one of the reset-password template, else EMAIL_FROM.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {Promise<string>} RFC 5322 address, e.g. `"Name" <a@b.nl>`.
 */
async function accountSender(strapi) {
  const templates = await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'email' });
  const from = templates && templates.reset_password && templates.reset_password.options.from;
  const email = (from && from.email) || process.env.EMAIL_FROM || 'redactie@portal.local';
  const name = (from && from.name) || process.env.EMAIL_FROM_NAME || 'Logistiek & E-commerce Nieuws';
  return `"${name.replace(/"/g, "'")}" <${email}>`;
}

/**
 * Sends the invitation e-mail with the activation link (Dutch, with an English section).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, token: string, inviter: string, portal: string, validDays: number }} input
 * @returns {Promise<void>}
 * @throws when the mail transport fails.
 */
async function sendInvitationEmail(strapi, { to, token, inviter, portal, validDays }) {
  const linkNl = `${portal}/account-activeren?code=${token}`;
  const linkEn = `${portal}/en/account-activeren?code=${token}`;
  const text = [
    'Hallo,',
    '',
    `${inviter} nodigt je uit voor een account op ${portal}.`,
    `Kies een wachtwoord om je account te activeren (de link is ${validDays} dagen geldig):`,
    linkNl,
    '',
    'Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.',
    '',
    '---',
    `English: ${inviter} invited you to an account on ${portal}. Choose a password to activate it (valid for ${validDays} days):`,
    linkEn,
  ].join('\n');
  const html = `<p>Hallo,</p>
<p>${escapeHtml(inviter)} nodigt je uit voor een account op ${escapeHtml(portal)}.</p>
<p>Kies een wachtwoord om je account te activeren (de link is ${validDays} dagen geldig):</p>
<p><a href="${escapeHtml(linkNl)}">Account activeren</a></p>
<p>Werkt de link niet? Kopieer dan dit adres in je browser:<br>${escapeHtml(linkNl)}</p>
<p>Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.</p>
<hr>
<p lang="en">English: ${escapeHtml(inviter)} invited you to an account. Choose a password to activate it
(valid for ${validDays} days): <a href="${escapeHtml(linkEn)}">activate account</a>.</p>`;
  await strapi.plugin('email').service('email').send({
    to,
    from: await accountSender(strapi),
    subject: 'Uitnodiging voor je account / Invitation to your account',
    text,
    html,
  });
}

/**
 * Tells someone who already has an account that a colleague invited them (no link that changes
 * anything; the invitation page answers the same either way, so it reveals no account).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, inviter: string, portal: string }} input
 * @returns {Promise<void>}
 */
async function sendExistingAccountEmail(strapi, { to, inviter, portal }) {
  const login = `${portal}/inloggen`;
  const forgot = `${portal}/wachtwoord-vergeten`;
  const text = [
    'Hallo,',
    '',
    `${inviter} nodigde je uit, maar je hebt al een account met dit e-mailadres.`,
    `Inloggen: ${login}`,
    `Wachtwoord vergeten: ${forgot}`,
    '',
    '---',
    `English: ${inviter} invited you, but you already have an account with this address. Log in: ${portal}/en/inloggen`,
  ].join('\n');
  const html = `<p>Hallo,</p>
<p>${escapeHtml(inviter)} nodigde je uit, maar je hebt al een account met dit e-mailadres.</p>
<p><a href="${escapeHtml(login)}">Inloggen</a> · <a href="${escapeHtml(forgot)}">Wachtwoord vergeten</a></p>
<hr>
<p lang="en">English: ${escapeHtml(inviter)} invited you, but you already have an account with this address.
<a href="${escapeHtml(`${portal}/en/inloggen`)}">Log in</a>.</p>`;
  await strapi.plugin('email').service('email').send({
    to,
    from: await accountSender(strapi),
    subject: 'Uitnodiging: je hebt al een account / Invitation: you already have an account',
    text,
    html,
  });
}

/**
 * Tells the owner of an address that somebody tried to register an account with it (the
 * registration answered as for a new address, so it reveals no account; docs/decisions/022).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ to: string, portal: string }} input
 * @returns {Promise<void>}
 */
async function sendRegistrationAttemptEmail(strapi, { to, portal }) {
  const login = `${portal}/inloggen`;
  const forgot = `${portal}/wachtwoord-vergeten`;
  const text = [
    'Hallo,',
    '',
    'Iemand probeerde een account aan te maken met dit e-mailadres, maar je hebt er al een.',
    'Was jij dat? Log dan in, of vraag een nieuw wachtwoord aan als je het niet meer weet.',
    `Inloggen: ${login}`,
    `Wachtwoord vergeten: ${forgot}`,
    'Was jij het niet? Dan hoef je niets te doen: er is niets veranderd.',
    '',
    '---',
    `English: somebody tried to create an account with this address, but you already have one. Log in: ${portal}/en/inloggen`,
  ].join('\n');
  const html = `<p>Hallo,</p>
<p>Iemand probeerde een account aan te maken met dit e-mailadres, maar je hebt er al een.</p>
<p>Was jij dat? <a href="${escapeHtml(login)}">Log in</a>, of <a href="${escapeHtml(forgot)}">vraag een nieuw wachtwoord aan</a>.</p>
<p>Was jij het niet? Dan hoef je niets te doen: er is niets veranderd.</p>
<hr>
<p lang="en">English: somebody tried to create an account with this address, but you already have one.
<a href="${escapeHtml(`${portal}/en/inloggen`)}">Log in</a>.</p>`;
  await strapi.plugin('email').service('email').send({
    to,
    from: await accountSender(strapi),
    subject: 'Je hebt al een account / You already have an account',
    text,
    html,
  });
}

module.exports = {
  TEMPLATE_MARKER,
  accountSender,
  sendRegistrationAttemptEmail,
  emailConfirmationRequired,
  portalTemplates,
  ensureAccountSettings,
  sendInvitationEmail,
  sendExistingAccountEmail,
};
