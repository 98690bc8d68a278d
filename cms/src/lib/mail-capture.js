/**
 * Local e-mail capture.
 *
 * When no real SMTP server is configured (SMTP_HOST unset) the email plugin sends to
 * 127.0.0.1:MAIL_CAPTURE_PORT (see config/plugins.js). This module runs a tiny SMTP server on
 * that address which parses every message and writes it to MAIL_CAPTURE_DIR as one JSON file
 * per message (`<timestamp>-<random>.json` with { to, from, subject, text, html, date, envelope }).
 * Nothing is relayed: no mail leaves the machine.
 */
const crypto = require('node:crypto');
const fs = require('node:fs/promises');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');

const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * Resolve capture settings from the environment.
 * @param {string} appRoot Absolute path of the cms/ folder.
 * @returns {{port: number, dir: string}} Port to listen on and directory for the JSON files.
 */
function captureSettings(appRoot) {
  const port = Number.parseInt(process.env.MAIL_CAPTURE_PORT || '1025', 10);
  const dir = path.resolve(appRoot, process.env.MAIL_CAPTURE_DIR || path.join('.tmp', 'mail'));
  return { port, dir };
}

/**
 * Convert a parsed message to the stored JSON shape.
 * @param {import('mailparser').ParsedMail} parsed Parsed message.
 * @param {{mailFrom: {address: string} | false, rcptTo: {address: string}[]}} envelope SMTP envelope.
 * @returns {{to: string, from: string, subject: string, text: string, html: string|null, date: string, envelope: object}}
 */
function toRecord(parsed, envelope) {
  const recipients = envelope.rcptTo.map((rcpt) => rcpt.address);
  const sender = envelope.mailFrom ? envelope.mailFrom.address : '';
  return {
    to: parsed.to ? [].concat(parsed.to).map((address) => address.text).join(', ') : recipients.join(', '),
    from: parsed.from ? parsed.from.text : sender,
    subject: parsed.subject || '',
    text: parsed.text || '',
    html: parsed.html || null,
    date: (parsed.date || new Date()).toISOString(),
    envelope: { from: sender, to: recipients },
  };
}

/**
 * Write one captured message to disk (atomically: temp file, then rename).
 * @param {string} dir Target directory.
 * @param {object} record Message record from {@link toRecord}.
 * @returns {Promise<string>} Path of the written file.
 */
async function writeRecord(dir, record) {
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.json`;
  const file = path.join(dir, name);
  await fs.writeFile(`${file}.partial`, `${JSON.stringify(record, null, 2)}\n`);
  await fs.rename(`${file}.partial`, file);
  return file;
}

/**
 * Start the capture server.
 * @param {import('@strapi/strapi').Core.Strapi} strapi Strapi instance (for logging and paths).
 * @returns {Promise<{close: () => Promise<void>, port: number, dir: string} | null>}
 *   A handle to stop the server, or null when the port could not be bound.
 */
async function startMailCapture(strapi) {
  const { port, dir } = captureSettings(strapi.dirs.app.root);
  await fs.mkdir(dir, { recursive: true });

  const server = new SMTPServer({
    name: 'portal-mail-capture',
    banner: 'Portal CMS mail capture (messages are stored locally, never delivered)',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => writeRecord(dir, toRecord(parsed, session.envelope)))
        .then((file) => {
          strapi.log.info(`[mail-capture] stored message in ${file}`);
          callback();
        })
        .catch((error) => {
          strapi.log.error(`[mail-capture] could not store message: ${error.message}`);
          callback(error);
        });
    },
  });

  const listening = await new Promise((resolve) => {
    const onError = (error) => {
      strapi.log.warn(`[mail-capture] cannot listen on ${HOST}:${port} (${error.code || error.message}); mail is not captured by this process`);
      resolve(false);
    };
    server.once('error', onError);
    server.listen(port, HOST, () => {
      server.removeListener('error', onError);
      server.on('error', (error) => strapi.log.error(`[mail-capture] ${error.message}`));
      resolve(true);
    });
  });
  if (!listening) {
    return null;
  }

  strapi.log.info(`[mail-capture] SMTP_HOST not set: outgoing mail goes to smtp://${HOST}:${port} and is saved as JSON in ${dir}`);
  return {
    port,
    dir,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

module.exports = { startMailCapture, captureSettings, toRecord };
