/** A generic CMS page (`/{slug}`, `/l/{id}`): title and its blocks. */

import { useLoaderData } from 'react-router';
import { AnalyticsChoice } from '../../analytics/analytics-choice.tsx';
import type { Page, PageLayout } from '../../cms-types.ts';
import { BlockList, type ResolvedBlock } from '../../ui/blocks.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';

export interface CmsPageData {
  page: Omit<Page, 'blocks'> & { blocks: ResolvedBlock[] };
  layout: PageLayout;
  /** Unprefixed canonical path. */
  path: string;
}

export function CmsPage() {
  const { page, layout, path } = useLoaderData() as CmsPageData;
  return (
    <div className={layout === 'fullpage' ? 'cms-page' : 'cms-page container'}>
      <Seo
        title={page.seo?.metaTitle ?? page.title}
        description={page.seo?.metaDescription}
        image={page.seo?.shareImage?.url}
        path={path}
        noindex={layout === 'empty'}
      />
      <BreadcrumbJsonLd crumbs={[{ name: page.title, path }]} />
      <header className="page-header">
        <h1>{page.title}</h1>
      </header>
      <BlockList blocks={page.blocks} />
      {path === '/privacy' ? <AnalyticsChoice /> : null}
    </div>
  );
}
