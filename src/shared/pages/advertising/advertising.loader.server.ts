/**
 * `/adverteren` (issue 5): the CMS page `adverteren` (title and blocks) and whether an enquiry was
 * just sent (`?verzonden=1`, set by the action's redirect; any other value is a 404).
 */
import { data } from 'react-router';
import { PUBLIC_PAGE_CACHE } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { SENT_PARAM } from '../../public-forms-paths.ts';
import { flagParam, loadFormPage } from '../public-forms/public-forms.server.ts';
import type { AdvertisingPageData } from './advertising.page.tsx';

/** Loader of `/adverteren`. */
export async function advertisingLoader({ request, context }: PortalLoaderArgs) {
  const sent = flagParam(request, SENT_PARAM);
  const body: AdvertisingPageData = { page: await loadFormPage(context, 'adverteren'), sent };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
