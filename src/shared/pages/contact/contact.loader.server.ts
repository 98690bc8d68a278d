/**
 * `/contact` (issue 5): the CMS page `contact` (title and blocks) and whether a message was just
 * sent (`?verzonden=1`, set by the action's redirect; any other value is a 404).
 */
import { data } from 'react-router';
import { PUBLIC_PAGE_CACHE } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { SENT_PARAM } from '../../public-forms-paths.ts';
import { flagParam, loadFormPage } from '../public-forms/public-forms.server.ts';
import type { ContactPageData } from './contact.page.tsx';

/** Loader of `/contact`. */
export async function contactLoader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: ContactPageData = { page: await loadFormPage(context, 'contact'), sent };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
