/**
 * Route middleware for `GET /api/pages` and `GET /api/pages/:documentId`.
 *
 * When the request has no `populate` parameter it applies the default deep populate, so the
 * portal can simply ask for "the page": `seo` (with `shareImage`), `topic` and every block of
 * the `blocks` dynamic zone with its media and topic (using the `on` fragments syntax).
 */

/** The populate object applied when the client sends none. */
const PAGE_POPULATE = {
  seo: { populate: { shareImage: true } },
  topic: true,
  blocks: {
    on: {
      'blocks.rich-text': true,
      'blocks.image': { populate: { image: true } },
      'blocks.gallery': { populate: { images: true } },
      'blocks.call-to-action': true,
      'blocks.content-list': { populate: { topic: true } },
    },
  },
};

/**
 * Middleware factory.
 * @returns {(ctx: import('koa').Context, next: Function) => Promise<void>} Koa middleware.
 */
module.exports = () => {
  return async (ctx, next) => {
    if (ctx.query.populate === undefined) {
      ctx.query = { ...ctx.query, populate: PAGE_POPULATE };
    }
    await next();
  };
};
