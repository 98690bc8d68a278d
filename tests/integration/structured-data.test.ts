/**
 * Site-wide structured data (schema.org JSON-LD): the home page's `Organization` and `WebSite`
 * with a `SearchAction` for `/zoeken`, and `BreadcrumbList`s on detail and section pages with
 * absolute URLs in the page's language.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, Event, StrapiList, Vacancy } from '../../src/shared/cms-types.ts';
import { articlePath, eventPath, vacancyPath } from '../../src/shared/urls.ts';
import { cms, createTestApp, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

type Node = Record<string, unknown>;

/** Every JSON-LD object of a page. */
async function jsonLd(path: string): Promise<Node[]> {
  const html = (await request(portal.app).get(path).set('Accept-Language', 'nl').expect(200)).text;
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Node,
  );
}

/** The breadcrumb trail of a page as [name, url] pairs. */
async function breadcrumbs(path: string): Promise<Array<[unknown, unknown]>> {
  const list = (await jsonLd(path)).find((node) => node['@type'] === 'BreadcrumbList');
  expect(list, `${path} has a BreadcrumbList`).toBeDefined();
  const items = (list?.itemListElement ?? []) as Array<Node>;
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(index + 1);
  });
  return items.map((item) => [item.name, item.item]);
}

describe('the home page', () => {
  it('describes the organisation and the website with a search action, per language', async () => {
    const nodes = await jsonLd('/');
    const organization = nodes.find((node) => node['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Logistiek & E-commerce Nieuws',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/favicon.svg`,
      address: { '@type': 'PostalAddress', addressLocality: 'Utrecht', addressCountry: 'NL' },
    });
    expect(((organization?.sameAs ?? []) as string[]).length).toBeGreaterThan(0);
    const website = nodes.find((node) => node['@type'] === 'WebSite');
    expect(website).toMatchObject({
      url: `${PUBLIC_URL}/`,
      inLanguage: 'nl-NL',
      publisher: { '@id': `${PUBLIC_URL}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${PUBLIC_URL}/zoeken?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    const english = await jsonLd('/en');
    expect(english.find((node) => node['@type'] === 'WebSite')).toMatchObject({
      url: `${PUBLIC_URL}/en`,
      inLanguage: 'en-GB',
      potentialAction: { target: { urlTemplate: `${PUBLIC_URL}/en/zoeken?q={search_term_string}` } },
    });
  });
});

describe('news items', () => {
  it('take dateModified from the editorial revision date, shown on the page, not from the row', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=publishDate&fields[2]=modifiedDate&fields[3]=updatedAt&filters[modifiedDate][$notNull]=true&pagination[pageSize]=1',
    );
    const revised = body.data[0];
    if (!revised?.modifiedDate) throw new Error('the seed has no revised article');
    const article = (await jsonLd(articlePath(revised))).find((node) => node['@type'] === 'NewsArticle');
    expect(article?.datePublished).toBe(revised.publishDate);
    expect(article?.dateModified).toBe(revised.modifiedDate);
    expect(article?.dateModified).not.toBe(revised.updatedAt);
    const html = (
      await request(portal.app).get(articlePath(revised)).set('Accept-Language', 'nl').expect(200)
    ).text;
    expect(html).toContain(`<time dateTime="${revised.modifiedDate}">Bijgewerkt op `);

    const plain = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=publishDate&filters[modifiedDate][$null]=true&pagination[pageSize]=1',
    );
    const unrevised = plain.body.data[0];
    if (!unrevised) throw new Error('the seed has no unrevised article');
    const node = (await jsonLd(articlePath(unrevised))).find((item) => item['@type'] === 'NewsArticle');
    expect(node?.dateModified).toBe(unrevised.publishDate);
    const page = (
      await request(portal.app).get(articlePath(unrevised)).set('Accept-Language', 'nl').expect(200)
    ).text;
    expect(page).not.toContain('Bijgewerkt op');
  });
});

describe('breadcrumbs', () => {
  it('lead from home through the topic to a news item', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=title&populate[topic][fields][0]=name&populate[topic][fields][1]=slug&filters[topic][id][$notNull]=true&pagination[pageSize]=1',
    );
    const article = body.data[0];
    if (!article?.topic) throw new Error('the seed has no article with a topic');
    expect(await breadcrumbs(articlePath(article))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      [article.topic.name, `${PUBLIC_URL}/${article.topic.slug}`],
      [article.title, `${PUBLIC_URL}${articlePath(article)}`],
    ]);
  });

  it('lead through the agenda to an event and through the vacancies to a vacancy', async () => {
    const events = await cms<StrapiList<Event>>(
      '/events?fields[0]=slug&fields[1]=title&pagination[pageSize]=1',
    );
    const event = events.body.data[0];
    if (!event) throw new Error('no event');
    expect(await breadcrumbs(eventPath(event))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Agenda', `${PUBLIC_URL}/events`],
      [event.title, `${PUBLIC_URL}${eventPath(event)}`],
    ]);
    const vacancies = await cms<StrapiList<Vacancy>>(
      '/vacancies?fields[0]=slug&fields[1]=title&populate[category][fields][0]=name&pagination[pageSize]=1',
    );
    const vacancy = vacancies.body.data[0];
    if (!vacancy) throw new Error('no vacancy');
    const trail = await breadcrumbs(vacancyPath(vacancy));
    expect(trail[0]).toEqual(['Home', `${PUBLIC_URL}/`]);
    expect(trail[1]).toEqual(['Vacatures', `${PUBLIC_URL}/jobs`]);
    expect(trail.at(-1)).toEqual([vacancy.title, `${PUBLIC_URL}${vacancyPath(vacancy)}`]);
  });

  it('name the section on its list page', async () => {
    expect(await breadcrumbs('/events')).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Agenda', `${PUBLIC_URL}/events`],
    ]);
    expect((await breadcrumbs('/magazines')).at(-1)).toEqual(['Magazines', `${PUBLIC_URL}/magazines`]);
    expect((await breadcrumbs('/partners')).at(-1)).toEqual(['Partners', `${PUBLIC_URL}/partners`]);
    expect((await breadcrumbs('/abonnementen')).at(-1)?.[1]).toBe(`${PUBLIC_URL}/abonnementen`);
    expect((await breadcrumbs('/jobs')).at(-1)).toEqual(['Vacatures', `${PUBLIC_URL}/jobs`]);
  });
});
