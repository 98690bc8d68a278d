/**
 * Server loaders by spec route name, attached to the shared route table. Every loader is wrapped
 * so that CMS failures become route errors with the right status: a missing document is a 404,
 * an unreachable or failing CMS a 503 (never an empty 200 page; architecture principle 6).
 */
import { type ActionFunction, data, isRouteErrorResponse, type LoaderFunction } from 'react-router';
import { accountLoader } from '../../shared/pages/account/account.loader.server.ts';
import { accountActivateLoader } from '../../shared/pages/account-activate/account-activate.loader.server.ts';
import { advertisingLoader } from '../../shared/pages/advertising/advertising.loader.server.ts';
import { cmsPageLoader, landingPageLoader } from '../../shared/pages/cms-page/cms-page.loader.server.ts';
import { contactLoader } from '../../shared/pages/contact/contact.loader.server.ts';
import { emailConfirmLoader } from '../../shared/pages/email-confirm/email-confirm.loader.server.ts';
import { eventDetailLoader } from '../../shared/pages/event-detail/event-detail.loader.server.ts';
import { eventsLoader } from '../../shared/pages/events/events.loader.server.ts';
import { forgotPasswordLoader } from '../../shared/pages/forgot-password/forgot-password.loader.server.ts';
import { homeLoader } from '../../shared/pages/home/home.loader.server.ts';
import { inviteLoader } from '../../shared/pages/invite/invite.loader.server.ts';
import { jobsCategoryLoader, jobsLoader } from '../../shared/pages/jobs/jobs.loader.server.ts';
import { loginLoader } from '../../shared/pages/login/login.loader.server.ts';
import {
  magazineDetailLoader,
  magazinesLoader,
} from '../../shared/pages/magazines/magazines.loader.server.ts';
import { myVacanciesLoader } from '../../shared/pages/my-vacancies/my-vacancies.loader.server.ts';
import { myVacancyLoader } from '../../shared/pages/my-vacancies/my-vacancy.loader.server.ts';
import { placeVacancyLoader } from '../../shared/pages/my-vacancies/place-vacancy.loader.server.ts';
import { newsDetailLoader } from '../../shared/pages/news-detail/news-detail.loader.server.ts';
import { newsTagLoader } from '../../shared/pages/news-tag/news-tag.loader.server.ts';
import {
  newsletterConfirmLoader,
  newsletterLoader,
  newsletterUnsubscribeLoader,
} from '../../shared/pages/newsletter/newsletter.loader.server.ts';
import { notFoundLoader } from '../../shared/pages/not-found/not-found.loader.server.ts';
import { partnerLoader } from '../../shared/pages/partners/partner.loader.server.ts';
import { passwordResetLoader } from '../../shared/pages/password-reset/password-reset.loader.server.ts';
import { registerLoader } from '../../shared/pages/register/register.loader.server.ts';
import { registrationsLoader } from '../../shared/pages/registrations/registrations.loader.server.ts';
import { searchLoader } from '../../shared/pages/search/search.loader.server.ts';
import {
  sitemapLoader,
  sitemapMonthLoader,
  sitemapYearLoader,
} from '../../shared/pages/sitemap/sitemap.loader.server.ts';
import {
  subscriptionDetailLoader,
  subscriptionsLoader,
} from '../../shared/pages/subscriptions/subscriptions.loader.server.ts';
import {
  tagsOverviewCharLoader,
  tagsOverviewLoader,
} from '../../shared/pages/tags-overview/tags-overview.loader.server.ts';
import { topicLoader } from '../../shared/pages/topic/topic.loader.server.ts';
import { vacancyDetailLoader } from '../../shared/pages/vacancy-detail/vacancy-detail.loader.server.ts';
import { createRoutes, ROOT_ROUTE_ID } from '../../shared/routes.tsx';
import { rootLoader } from '../loaders/root.loader.server.ts';
import { isStrapiError } from '../strapi/strapi-client.server.ts';
import { actionFor } from './actions.server.ts';
import type { PortalContext, PortalLoader } from './context.server.ts';

const LOADERS: Record<string, PortalLoader> = {
  [ROOT_ROUTE_ID]: rootLoader,
  index: homeLoader,
  'news-tag-tag': newsTagLoader,
  'news-id-slug': newsDetailLoader,
  'l-id': landingPageLoader,
  slug: cmsPageLoader,
  'not-found': notFoundLoader,
  events: eventsLoader,
  'events-slug': eventDetailLoader,
  jobs: jobsLoader,
  'jobs-cat-id': jobsCategoryLoader,
  'jobs-vacature-id-slug': vacancyDetailLoader,
  magazines: magazinesLoader,
  'magazines-id-slug': magazineDetailLoader,
  abonnementen: subscriptionsLoader,
  'abonnementen-slug': subscriptionDetailLoader,
  'partners-link': partnerLoader,
  ecommerce: topicLoader,
  logistiek: topicLoader,
  fulfilment: topicLoader,
  'tags-overzicht': tagsOverviewLoader,
  'tags-overzicht-char': tagsOverviewCharLoader,
  sitemap: sitemapLoader,
  'sitemap-year': sitemapYearLoader,
  'sitemap-year-month': sitemapMonthLoader,
  zoeken: searchLoader,
  account: accountLoader,
  inloggen: loginLoader,
  registreren: registerLoader,
  uitnodiging: inviteLoader,
  'account-activeren': accountActivateLoader,
  'email-valideren': emailConfirmLoader,
  'wachtwoord-vergeten': forgotPasswordLoader,
  'wachtwoord-reset': passwordResetLoader,
  'jobs-plaatsen': placeVacancyLoader,
  'jobs-mijn': myVacanciesLoader,
  'jobs-mijn-id': myVacancyLoader,
  inschrijvingen: registrationsLoader,
  contact: contactLoader,
  adverteren: advertisingLoader,
  nieuwsbrief: newsletterLoader,
  'nieuwsbrief-bevestigen': newsletterConfirmLoader,
  'nieuwsbrief-afmelden': newsletterUnsubscribeLoader,
};

/** Maps a CMS error thrown by a loader to a route error response; rethrows anything else. */
export function toRouteError(error: unknown): unknown {
  if (!isStrapiError(error)) return error;
  if (error.status === 404) return data({ message: 'Not Found' }, { status: 404 });
  if (error.status === 400) return data({ message: 'Not Found' }, { status: 404 });
  return data({ message: 'Service Unavailable' }, { status: 503 });
}

/** True for the value `data(...)` returns (thrown as a 404 or similar by loaders). */
function isDataWithResponseInit(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  );
}

function wrap(loader: PortalLoader): LoaderFunction {
  return async (args) => {
    const portalArgs = args as unknown as Parameters<PortalLoader>[0];
    try {
      return await loader(portalArgs);
    } catch (error) {
      if (error instanceof Response || isRouteErrorResponse(error) || isDataWithResponseInit(error))
        throw error;
      if (!isStrapiError(error))
        portalArgs.context.logger.error({ err: error, url: args.request.url }, 'loader failed');
      throw toRouteError(error);
    }
  };
}

/** The route table with server loaders and actions. */
export const serverRoutes = createRoutes(
  (_id, name) => {
    const loader = LOADERS[name];
    return loader ? wrap(loader) : undefined;
  },
  (_id, name) => actionFor(name, (action) => wrap(action) as ActionFunction),
);

export type { PortalContext };
