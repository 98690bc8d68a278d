/**
 * Every e-mail the CMS sends has a real plain-text part (decision 110).
 *
 * users-permissions sends its templates — the e-mail confirmation and the reset-password e-mail
 * (src/lib/accounts.js) — with the one HTML body as both `html` and `text`, so a mail program that
 * shows the text part showed raw HTML. {@link registerPlainTextParts} wraps the e-mail provider:
 * a message whose text part is missing, is its HTML, or is HTML, gets a text part made from its
 * HTML by {@link htmlToText}. Messages that bring their own text (every other workflow) are sent
 * as they are.
 */

/** Elements that end a line of text (and start a paragraph). */
const BLOCKS = 'p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|address';

/** A line break in the text being built (HTML's own whitespace collapses to spaces first). */
const BREAK = '\u0000';

/** The entities e-mail templates use, by name. */
const NAMED_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Decodes HTML character references (`&amp;`, `&#39;`, `&#x27;` and the names above).
 * @param {string} text
 * @returns {string}
 */
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (reference, body) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return Object.hasOwn(NAMED_ENTITIES, lower) ? NAMED_ENTITIES[lower] : reference;
  });
}

/**
 * The plain text of an HTML e-mail body: paragraphs separated by an empty line, `<br>` as a line
 * break, `<hr>` as `---`, list items as `- …`, and every link with its address on a line of its
 * own (`Nieuw wachtwoord instellen:` and the address below it; a link whose text is its address
 * gives the address alone). Elements marked `data-mail-text="omit"` (such as "Werkt de link
 * niet? Kopieer dan dit adres…", which the text part says already) are left out, and so are
 * comments, `<head>`, `<style>` and `<script>`.
 * @param {string} html
 * @returns {string}
 */
function htmlToText(html) {
  let text = String(html ?? '');
  text = text.replace(/<!--[\s\S]*?-->/g, '');
  text = text.replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  text = text.replace(/<([a-z][a-z0-9]*)\b[^>]*\sdata-mail-text\s*=\s*["']?omit["']?[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  text = text.replace(/\s+/g, ' ');
  text = text.replace(
    /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi,
    (_match, doubleQuoted, singleQuoted, inner) => {
      const href = (doubleQuoted ?? singleQuoted ?? '').trim();
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const address = href.replace(/^mailto:/i, '');
      if (!href || href.startsWith('#')) return label;
      const plainLabel = decodeEntities(label);
      if (!plainLabel || plainLabel === decodeEntities(href) || plainLabel === decodeEntities(address)) {
        return `${BREAK}${address}${BREAK}`;
      }
      const lead = /[.:!?]$/.test(plainLabel) ? label : `${label}:`;
      return `${lead}${BREAK}${address}${BREAK}`;
    },
  );
  text = text.replace(/<br\s*\/?>/gi, BREAK);
  text = text.replace(/<hr\b[^>]*>/gi, `${BREAK}${BREAK}---${BREAK}${BREAK}`);
  text = text.replace(/<li\b[^>]*>/gi, `${BREAK}- `);
  text = text.replace(new RegExp(`</?(?:${BLOCKS})\\b[^>]*>`, 'gi'), `${BREAK}${BREAK}`);
  text = text.replace(/<[^>]*>/g, '');
  text = decodeEntities(text);
  // A full stop or comma after a link would stand on a line of its own: it goes.
  const lines = text
    .split(BREAK)
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .map((line) => (/^[.,;:]$/.test(line) ? '' : line));
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * True when a message needs a text part made from its HTML: it has HTML, and its text part is
 * missing, the same as the HTML, or markup.
 * @param {{ text?: unknown, html?: unknown }} message
 * @returns {boolean}
 */
function needsPlainText({ text, html }) {
  if (typeof html !== 'string' || html.trim() === '') return false;
  if (typeof text !== 'string' || text.trim() === '') return true;
  return text === html || /<!--|<\/?(?:p|br|a|div|hr|table|span|strong|em|b|i|ul|ol|li|h[1-6])\b[^>]*>/i.test(text);
}

/**
 * The message with a plain-text part made from its HTML when it needs one ({@link needsPlainText}).
 * @template {{ text?: unknown, html?: unknown }} M
 * @param {M} message
 * @returns {M}
 */
function withPlainText(message) {
  if (!message || !needsPlainText(message)) return message;
  return { ...message, text: htmlToText(/** @type {string} */ (message.html)) };
}

/**
 * Wraps the e-mail plugin's provider so that every message goes out with a real text part. Run in
 * the app's bootstrap (after the e-mail plugin's own, which creates the provider); once.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerPlainTextParts(strapi) {
  const plugin = strapi.plugin('email');
  const provider = plugin && plugin.provider;
  if (!provider || provider.plainTextParts) return;
  plugin.provider = {
    ...provider,
    plainTextParts: true,
    send: (message) => provider.send(withPlainText(message)),
  };
}

module.exports = { htmlToText, needsPlainText, withPlainText, registerPlainTextParts };
