/**
 * "Download je gegevens" (AVG/GDPR art. 20; docs/personal-data.md): `GET /account/gegevens.json`
 * (and `/en/account/gegevens.json`) answers a signed-in visitor with a JSON file of everything the
 * portal and the CMS hold about their account: the profile, event registrations, subscription
 * orders (IBAN masked), vacancies (IBAN masked), the newsletter subscription and push
 * subscriptions (the CMS's `GET /api/account/export`), plus what the portal itself keeps (only the
 * session in the visitor's own cookie).
 *
 * Answers: 200 `application/json` with `Content-Disposition: attachment` and `Cache-Control:
 * private, no-store`; an anonymous visitor is sent to the login page and back to `/account`; a CMS
 * that does not answer is a 503 JSON error (the session is kept, decision 020).
 */
import { type Request, type Response, Router } from 'express';
import { decodeJwt } from 'jose/jwt/decode';
import { localizePath } from '../../shared/i18n/locale.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { sessionOf } from './session.server.ts';

/** The download's path, unprefixed (Dutch) and under `/en`. */
export const ACCOUNT_EXPORT_PATH = '/account/gegevens.json';

/** The session's sign-in time and expiry, from the visitor's own cookie (seconds → ISO). */
function sessionFacts(jwt: string): { signedInAt: string | null; expiresAt: string | null } {
  try {
    const claims = decodeJwt(jwt) as { auth_time?: number; iat?: number; exp?: number };
    const signedIn = claims.auth_time ?? claims.iat;
    return {
      signedInAt: typeof signedIn === 'number' ? new Date(signedIn * 1000).toISOString() : null,
      expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null,
    };
  } catch {
    return { signedInAt: null, expiresAt: null };
  }
}

/** The router of the account download. */
export function accountExportRouter(): Router {
  const router = Router();
  const handler = async (req: Request, res: Response) => {
    res.set('Cache-Control', PRIVATE_NO_STORE);
    const locale = req.path.startsWith('/en/') ? 'en' : 'nl';
    const session = sessionOf(res);
    const state = await session.current();
    for (const line of session.cookies()) res.append('Set-Cookie', line);
    if (state.status === 'unavailable') {
      res
        .status(503)
        .json({ error: { status: 503, name: 'ServiceUnavailableError', message: 'The CMS did not answer' } });
      return;
    }
    const jwt = session.token();
    if (state.status !== 'signed-in' || !jwt) {
      const back = localizePath('/account', locale);
      res.redirect(302, `${localizePath('/inloggen', locale)}?redirect=${encodeURIComponent(back)}`);
      return;
    }
    try {
      const { data } = await session.auth.exportData(jwt);
      const day = new Date().toISOString().slice(0, 10);
      res.set('Content-Disposition', `attachment; filename="mijn-gegevens-${day}.json"`);
      res.type('application/json');
      res.send(
        `${JSON.stringify(
          {
            ...data,
            portal: {
              session: sessionFacts(jwt),
              note:
                locale === 'en'
                  ? 'The portal keeps no personal data of its own: your session lives in a cookie in your browser; statistics are anonymous and not linked to your account (docs/analytics.md).'
                  : 'De portal bewaart zelf geen persoonsgegevens: je sessie staat in een cookie in je browser; statistieken zijn anoniem en niet aan je account gekoppeld.',
            },
          },
          null,
          2,
        )}\n`,
      );
    } catch (error) {
      if (!isStrapiError(error)) throw error;
      const status = error.status === 401 || error.status === 403 ? 401 : 503;
      res.status(status).json({
        error: {
          status,
          name: status === 401 ? 'UnauthorizedError' : 'ServiceUnavailableError',
          message: status === 401 ? 'Sign in again' : 'The CMS did not answer',
        },
      });
    }
  };
  router.get(ACCOUNT_EXPORT_PATH, handler);
  router.get(`/en${ACCOUNT_EXPORT_PATH}`, handler);
  return router;
}
