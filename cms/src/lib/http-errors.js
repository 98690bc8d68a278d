/**
 * The error answers of the CMS's own routes, in Strapi's shape
 * (`{ data: null, error: { status, name, message, details } }`), and the typed error a workflow
 * throws to get one.
 */

/**
 * Answers an error in Strapi's shape (`{ data: null, error: { status, name, message, details } }`).
 * @param {import('koa').Context} ctx
 * @param {number} status HTTP status
 * @param {string} name Error name (`ValidationError`, `ConflictError`, …)
 * @param {string} message
 * @param {object} [details] Machine-readable details (e.g. `{ code: 'event-full' }`); never input data
 */
function sendError(ctx, status, name, message, details = {}) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details } };
}

/** An error a submission answers with a status and a machine-readable code. */
class SubmissionError extends Error {
  /**
   * @param {number} status HTTP status
   * @param {string} name Strapi error name
   * @param {string} message
   * @param {object} [details]
   */
  constructor(status, name, message, details = {}) {
    super(message);
    this.status = status;
    this.errorName = name;
    this.details = details;
  }
}

/**
 * Answers a thrown {@link SubmissionError}; rethrows anything else (Strapi answers 500).
 * @param {import('koa').Context} ctx
 * @param {unknown} error
 */
function answerError(ctx, error) {
  if (error instanceof SubmissionError) {
    sendError(ctx, error.status, error.errorName, error.message, error.details);
    return;
  }
  throw error;
}

module.exports = { sendError, SubmissionError, answerError };
