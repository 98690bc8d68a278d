/**
 * `/uploads/*`: media from the CMS's upload folder, passed through the portal so pages use one
 * origin (CSP `img-src 'self'`) and the CMS need not be public. Strapi names uploads by content
 * hash, so the files are cached as immutable.
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import { request } from 'undici';

const PASS_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'];

export function uploadsProxy(options: { strapiUrl: string; logger: Logger; timeoutMs?: number }): Router {
  const router = Router();
  router.get('/{*file}', async (req, res) => {
    const target = new URL(`/uploads${req.path}`, options.strapiUrl);
    try {
      const upstream = await request(target, {
        method: 'GET',
        headers: req.get('if-none-match') ? { 'if-none-match': req.get('if-none-match') } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      res.status(upstream.statusCode);
      for (const name of PASS_HEADERS) {
        const value = upstream.headers[name];
        if (value !== undefined) res.setHeader(name, value);
      }
      if (upstream.statusCode === 200 || upstream.statusCode === 304) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-store');
      }
      if (req.method === 'HEAD') {
        await upstream.body.dump();
        res.end();
        return;
      }
      upstream.body.pipe(res);
    } catch (error) {
      options.logger.warn({ err: error, path: req.path }, 'upload proxy failed');
      if (!res.headersSent) res.status(502).set('Cache-Control', 'no-store').end();
    }
  });
  return router;
}
