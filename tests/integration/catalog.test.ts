/**
 * Issue 3 catalogue pages against the real CMS: magazines, subscriptions, partners, topic pages,
 * the tag overview and the human sitemap. Status codes (200, 301, 404), the main content, counts
 * checked against what the CMS answers, Dutch and English price formatting and the `/en` copies.
 * Expected values are read from the CMS (never seed text), and computed independently of the
 * portal's code (own euro formatting, own diacritic folding, own time-zone grouping).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type {
  Article,
  Block,
  Event,
  Magazine,
  Page,
  Partner,
  StrapiBlocks,
  StrapiList,
  Subscription,
  Tag,
  Topic,
  Vacancy,
} from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** GET through the portal. */
const get = (path: string) => request(portal.app).get(path);

/** Visible text of an HTML fragment: tags removed, entities decoded, white space collapsed. */
function textOf(html: string): string {
  return decodeHtml(html.replace(/<[^>]+>/g, ' '))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** The `<main>` element of a document. */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

/** Every value of `attribute` in `html`. */
function attributes(html: string, attribute: string): string[] {
  return [...html.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((match) => decodeHtml(match[1]!));
}

/** Every entry of a CMS collection (100 per call), as the public role sees it. */
async function cmsAll<T>(collection: string, query: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await cms<StrapiList<T>>(
      `/${collection}?${query}${query ? '&' : ''}pagination[page]=${page}&pagination[pageSize]=100`,
    );
    out.push(...body.data);
    if (page >= (body.meta.pagination?.pageCount ?? 1)) return out;
  }
}

/** The text of the first text node of a rich-text document. @throws when there is none. */
function firstText(content: StrapiBlocks | null | undefined): string {
  const first = content?.[0] as { children?: { text?: string }[] } | undefined;
  const text = first?.children?.[0]?.text;
  if (!text) throw new Error('rich text without a first text node');
  return text;
}

/** Euro amount written out by hand (not with Intl): nl `€ 12,50` / `€ 149`, en `€12.50` / `€149`. */
function euro(cents: number, locale: 'nl' | 'en'): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, locale === 'nl' ? '.' : ',');
  const fraction = cents % 100 ? `${locale === 'nl' ? ',' : '.'}${String(cents % 100).padStart(2, '0')}` : '';
  return locale === 'nl' ? `€ ${whole}${fraction}` : `€${whole}${fraction}`;
}

describe('magazines', () => {
  let magazines: Magazine[];

  beforeAll(async () => {
    magazines = await cmsAll<Magazine>('magazines', 'populate=cover');
    magazines.sort((a, b) => b.date.localeCompare(a.date) || b.title.localeCompare(a.title));
  });

  it('lists every issue newest first with cover, issue and date', async () => {
    expect(magazines.length).toBeGreaterThan(1);
    const response = await get('/magazines').expect(200);
    const main = decodeHtml(mainOf(response.text));
    expect(main).toContain('<h1>Magazines</h1>');
    const positions = magazines.map((magazine) => main.indexOf(`>${magazine.title}</a>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const magazine of magazines) {
      expect(main).toContain(`href="/magazines/${magazine.documentId}/${magazine.slug}"`);
      if (magazine.issue) expect(main).toContain(magazine.issue);
      expect(main).toContain(`dateTime="${magazine.date}"`);
      if (magazine.cover) expect(main).toContain(magazine.cover.url);
    }
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/magazines"`);
  });

  it('paginates with ?page=n and 404s pages out of range or malformed', async () => {
    const pages = Math.ceil(magazines.length / 12);
    await get(`/magazines?page=${pages}`).expect(200);
    await get(`/magazines?page=${pages + 1}`).expect(404);
    await get('/magazines?page=0').expect(404);
    await get('/magazines?page=abc').expect(404);
  });

  it('shows one issue with description and a read button', async () => {
    const magazine = magazines[0]!;
    const { body } = await cms<{ data: Magazine }>(`/magazines/${magazine.documentId}?populate=*`);
    const response = await get(`/magazines/${magazine.documentId}/${magazine.slug}`).expect(200);
    const main = decodeHtml(mainOf(response.text));
    expect(main).toContain(`<h1 lang="nl">${magazine.title}</h1>`);
    expect(main).toContain(`Editie ${magazine.issue}`);
    expect(main).toContain(`dateTime="${magazine.date}"`);
    const opening = firstText(body.data.description);
    expect(main).toContain(opening);
    const link = body.data.link ?? '';
    const pdf = body.data.pdf?.url ?? '';
    expect(link || pdf).not.toBe('');
    if (link) {
      expect(main).toMatch(
        new RegExp(
          `<a class="button" href="${link.replace(/[.?]/g, '\\$&')}" target="_blank" rel="noopener">`,
        ),
      );
    }
    if (pdf) expect(main).toContain(`href="${pdf}" download`);
    expect(headOf(response.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/magazines/${magazine.documentId}/${magazine.slug}"`,
    );
    // The other issues are linked below.
    expect(main).toContain(`href="/magazines/${magazines[1]!.documentId}/${magazines[1]!.slug}"`);
  });

  it('redirects a wrong slug with 301 and 404s an unknown issue', async () => {
    const magazine = magazines[1]!;
    await get(`/magazines/${magazine.documentId}/oud`)
      .expect(301)
      .expect('Location', `/magazines/${magazine.documentId}/${magazine.slug}`);
    await get(`/en/magazines/${magazine.documentId}/old`)
      .expect(301)
      .expect('Location', `/en/magazines/${magazine.documentId}/${magazine.slug}`);
    const response = await get('/magazines/bestaatniet123/iets').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /magazines/bestaatniet123/iets');
  });

  it('has English copies under /en', async () => {
    const response = await get('/en/magazines').expect(200);
    expect(response.text).toContain('<html lang="en">');
    expect(decodeHtml(mainOf(response.text))).toContain(`issues, newest first`);
    const magazine = magazines[0]!;
    const detail = await get(`/en/magazines/${magazine.documentId}/${magazine.slug}`).expect(200);
    const main = decodeHtml(mainOf(detail.text));
    expect(main).toContain(`Issue ${magazine.issue}`);
    expect(main).toContain('Read the magazine');
    expect(main).toContain('href="/en/magazines"');
  });
});

describe('subscriptions', () => {
  let plans: Subscription[];

  beforeAll(async () => {
    plans = await cmsAll<Subscription>('subscriptions', 'populate=benefits');
    plans.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name));
  });

  const DUTCH_PERIOD = { month: 'maand', quarter: 'kwartaal', year: 'jaar' } as const;

  it('lists the plans by order with price per period in Dutch, summary and benefits', async () => {
    expect(plans.length).toBeGreaterThan(1);
    const response = await get('/abonnementen').expect(200);
    const main = mainOf(response.text);
    const text = textOf(main);
    const positions = plans.map((plan) => text.indexOf(plan.name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const plan of plans) {
      const price = euro(plan.priceCents, 'nl');
      expect(text).toContain(plan.period ? `${price} per ${DUTCH_PERIOD[plan.period]}` : price);
      if (plan.summary) expect(text).toContain(plan.summary);
      for (const benefit of plan.benefits ?? []) expect(text).toContain(benefit.text);
      expect(main).toContain(`href="/abonnementen/${plan.slug}"`);
    }
    // A price with cents keeps them in Dutch notation.
    const withCents = plans.find((plan) => plan.priceCents % 100 !== 0);
    expect(withCents).toBeDefined();
    expect(text).toMatch(/€ \d+,\d\d per /);
  });

  it('offers only links that work today: every link on the pages answers', async () => {
    const pages = ['/abonnementen', `/abonnementen/${plans[0]!.slug}`];
    for (const page of pages) {
      const main = mainOf((await get(page).expect(200)).text);
      expect(main).toContain('href="/contact"');
      const links = new Set(attributes(main, 'href').filter((href) => href.startsWith('/')));
      for (const href of links) {
        const status = (await get(href)).status;
        expect([200, 301, 302], `${page} links to ${href}`).toContain(status);
      }
    }
  });

  it('shows one plan with description, price and benefits', async () => {
    const plan = plans.find((candidate) => candidate.priceCents % 100 !== 0) ?? plans[0]!;
    const { body } = await cms<StrapiList<Subscription>>(
      `/subscriptions?filters[slug][$eq]=${plan.slug}&populate=benefits`,
    );
    const full = body.data[0]!;
    const response = await get(`/abonnementen/${plan.slug}`).expect(200);
    const main = mainOf(response.text);
    const text = textOf(main);
    expect(decodeHtml(main)).toContain(`<h1>${plan.name}</h1>`);
    const opening = firstText(full.description);
    expect(text).toContain(opening);
    expect(text).toContain(`${euro(plan.priceCents, 'nl')} per ${DUTCH_PERIOD[plan.period!]}`);
    for (const benefit of full.benefits ?? []) expect(text).toContain(benefit.text);
    expect(text).toContain('Vragen? Neem contact op');
    expect(headOf(response.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/abonnementen/${plan.slug}"`,
    );
  });

  it('formats prices the English way under /en', async () => {
    const english = { month: 'month', quarter: 'quarter', year: 'year' } as const;
    const list = textOf(mainOf((await get('/en/abonnementen').expect(200)).text));
    for (const plan of plans) {
      expect(list).toContain(`${euro(plan.priceCents, 'en')} per ${english[plan.period!]}`);
    }
    expect(list).toMatch(/€\d+\.\d\d per /);
    const plan = plans[plans.length - 1]!;
    const detail = await get(`/en/abonnementen/${plan.slug}`).expect(200);
    expect(detail.text).toContain('<html lang="en">');
    expect(textOf(mainOf(detail.text))).toContain(
      `${euro(plan.priceCents, 'en')} per ${english[plan.period!]}`,
    );
    expect(mainOf(detail.text)).toContain('href="/en/contact"');
  });

  it('404s an unknown plan and malformed pages', async () => {
    const response = await get('/abonnementen/bestaat-niet').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /abonnementen/bestaat-niet');
    await get('/abonnementen?page=2').expect(404);
    await get('/abonnementen?page=x').expect(404);
  });
});

describe('partners', () => {
  let partners: Partner[];

  beforeAll(async () => {
    partners = await cmsAll<Partner>('partners', 'populate=logo');
  });

  it('shows logo, name, description, content and the website link for every partner', async () => {
    expect(partners.length).toBeGreaterThan(0);
    for (const partner of partners) {
      const response = await get(`/partners/${partner.link}`).expect(200);
      const main = decodeHtml(mainOf(response.text));
      expect(main).toContain(`<h1>${partner.name}</h1>`);
      if (partner.description) expect(main).toContain(partner.description);
      const opening = firstText(partner.content);
      expect(main).toContain(opening);
      if (partner.logo) expect(main).toContain(partner.logo.url);
      if (partner.website) {
        expect(main).toContain(`href="${partner.website}" target="_blank" rel="noopener"`);
      }
      expect(headOf(response.text)).toContain(
        `<link rel="canonical" href="${PUBLIC_URL}/partners/${partner.link}"`,
      );
      // The other partners are linked, this one is not.
      for (const other of partners) {
        if (other.link !== partner.link) expect(main).toContain(`href="/partners/${other.link}"`);
      }
      // The list of the others leaves this one out (the breadcrumb names the page itself, decision 100).
      const others = main.slice(main.indexOf('class="partner-others"'));
      expect(others).not.toContain(`href="/partners/${partner.link}"`);
      expect(main.match(new RegExp(`href="/partners/${partner.link}"`, 'g'))).toHaveLength(1);
      expect(main).toContain(`href="/partners/${partner.link}" aria-current="page"`);
    }
  });

  it('404s an unknown partner and renders the English copy', async () => {
    const response = await get('/partners/bestaat-niet').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /partners/bestaat-niet');
    const partner = partners[0]!;
    const english = await get(`/en/partners/${partner.link}`).expect(200);
    expect(english.text).toContain('<html lang="en">');
    expect(decodeHtml(mainOf(english.text))).toContain(`<h1>${partner.name}</h1>`);
    expect(decodeHtml(mainOf(english.text))).toContain('More partners');
  });
});

describe('topic pages', () => {
  const TOPICS = ['ecommerce', 'logistiek', 'fulfilment'];
  const nowIso = () => new Date().toISOString();

  /** The topic's CMS page in a locale (blocks populated by the CMS). */
  async function topicPage(slug: string, locale: 'nl' | 'en'): Promise<Page> {
    const { body } = await cms<StrapiList<Page>>(`/pages?filters[slug][$eq]=${slug}&locale=${locale}`);
    return body.data[0]!;
  }

  it('render the CMS page, the latest news, upcoming events and open vacancies of the topic', async () => {
    for (const slug of TOPICS) {
      const [page, articles, events, vacancies, topics] = await Promise.all([
        topicPage(slug, 'nl'),
        cms<StrapiList<Article>>(
          `/articles?filters[topic][slug][$eq]=${slug}&sort=publishDate:desc&pagination[pageSize]=9`,
        ),
        cms<StrapiList<Event>>(
          `/events?filters[topic][slug][$eq]=${slug}&filters[startsAt][$gte]=${nowIso()}&sort=startsAt:asc&pagination[pageSize]=4`,
        ),
        cms<StrapiList<Vacancy>>(
          `/vacancies?filters[topic][slug][$eq]=${slug}&filters[$or][0][validThrough][$gte]=${nowIso()}&filters[$or][1][validThrough][$null]=true&sort=publishedAt:desc&pagination[pageSize]=5`,
        ),
        cms<StrapiList<Topic>>(`/topics?filters[slug][$eq]=${slug}`),
      ]);
      expect(topics.body.data).toHaveLength(1);
      const response = await get(`/${slug}`).expect(200);
      const main = decodeHtml(mainOf(response.text));
      expect(main).toContain(`<h1>${page.title}</h1>`);
      expect(main).toContain(`Laatste nieuws over ${page.title}`);
      // Counts in the header are the CMS totals.
      expect(textOf(main)).toContain(`${articles.body.meta.pagination!.total} artikel`);
      expect(articles.body.data.length).toBeGreaterThan(0);
      for (const article of articles.body.data) {
        const href = `href="/news/${article.documentId}/${article.slug}"`;
        // Each story exactly once: the page's own content-list blocks are not rendered as well.
        expect(main.split(href).length - 1, `${slug}: ${article.title}`).toBe(1);
      }
      for (const event of events.body.data) expect(main).toContain(`>${event.title}</a>`);
      for (const vacancy of vacancies.body.data) expect(main).toContain(`>${vacancy.title}</a>`);
      // Editorial blocks are kept, content-list blocks are skipped.
      const blocks = page.blocks ?? [];
      const lists = blocks.filter(
        (block): block is Extract<Block, { __component: 'blocks.content-list' }> =>
          block.__component === 'blocks.content-list',
      );
      expect(lists.length).toBeGreaterThan(0);
      for (const list of lists) if (list.title) expect(main).not.toContain(`>${list.title}</h2>`);
      for (const block of blocks) {
        if (block.__component === 'blocks.call-to-action') expect(main).toContain(`<h2>${block.title}</h2>`);
        if (block.__component === 'blocks.rich-text') {
          const first = firstText(block.body);
          expect(main).toContain(first);
        }
      }
      expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/${slug}"`);
    }
  });

  it('read the topic from the path on client navigations as well (data endpoint)', async () => {
    for (const [path, id, slug] of [
      ['/__data/fulfilment', 'fulfilment', 'fulfilment'],
      ['/__data/en/ecommerce', 'ecommerce___en', 'ecommerce'],
    ] as const) {
      const response = await get(path).expect(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const data = response.body.loaderData[id];
      expect(data.topic.slug).toBe(slug);
      for (const article of data.articles as Article[]) expect(article.topic?.slug).toBe(slug);
    }
  });

  it('use the English page under /en', async () => {
    const page = await topicPage('logistiek', 'en');
    const response = await get('/en/logistiek').expect(200);
    expect(response.text).toContain('<html lang="en">');
    const main = decodeHtml(mainOf(response.text));
    expect(main).toContain(`<h1>${page.title}</h1>`);
    expect(main).toContain(`Latest ${page.title} news`);
    expect(main).toContain('Upcoming events');
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/en/logistiek"`);
  });
});

describe('tag overview', () => {
  let tags: { name: string; slug: string; count: number; key: string }[];
  let keys: string[];

  /** First letter or digit, diacritics removed (own folding, independent of the portal's). */
  function keyOf(name: string): string {
    const first = (
      /[\p{L}\p{N}]/u.exec(name.normalize('NFD').replace(/\p{M}/gu, ''))?.[0] ?? ''
    ).toLowerCase();
    if (/[a-z]/.test(first)) return first;
    return /\d/.test(first) ? '0-9' : 'overig';
  }

  beforeAll(async () => {
    const all = await cmsAll<Tag>('tags', 'fields[0]=name&fields[1]=slug');
    tags = await Promise.all(
      all.map(async (tag) => {
        const { body } = await cms<StrapiList<Article>>(
          `/articles?filters[tags][slug][$eq]=${tag.slug}&pagination[pageSize]=1`,
        );
        return { name: tag.name, slug: tag.slug, count: body.meta.pagination!.total, key: keyOf(tag.name) };
      }),
    );
    keys = [...new Set(tags.map((tag) => tag.key))].sort();
  });

  it('lists every tag with its number of published articles, grouped by first character', async () => {
    expect(tags.length).toBeGreaterThan(5);
    const response = await get('/tags-overzicht').expect(200);
    const main = decodeHtml(mainOf(response.text));
    expect(main).toContain('<h1>Tags van A tot Z</h1>');
    for (const tag of tags) {
      expect(main).toContain(`data-tag="${tag.slug}" data-count="${tag.count}"`);
      expect(main).toContain(`href="/news/tag/${tag.slug}"`);
    }
    // The tag sits in the section of its character.
    for (const key of keys) {
      const start = main.indexOf(`<section class="tags-index__group" aria-labelledby="tags-group-${key}"`);
      const section = main.slice(start, main.indexOf('</section>', start));
      const listed = attributes(section, 'data-tag').sort();
      expect(listed).toEqual(
        tags
          .filter((tag) => tag.key === key)
          .map((tag) => tag.slug)
          .sort(),
      );
    }
    expect(attributes(main, 'data-tag')).toHaveLength(tags.length);
  });

  it('shows a letter navigation where letters without tags are not links', async () => {
    const main = mainOf((await get('/tags-overzicht').expect(200)).text);
    const letters = Array.from('abcdefghijklmnopqrstuvwxyz');
    const empty = letters.filter((letter) => !keys.includes(letter));
    expect(empty.length).toBeGreaterThan(0);
    for (const letter of letters) {
      if (keys.includes(letter)) {
        expect(main).toMatch(new RegExp(`<a href="/tags-overzicht/${letter}" class="tags-nav__item"`));
      } else {
        expect(main).toMatch(
          new RegExp(
            `<span class="tags-nav__item tags-nav__item--disabled" aria-disabled="true"[^>]*data-group="${letter}"`,
          ),
        );
        expect(main).not.toContain(`href="/tags-overzicht/${letter}"`);
      }
    }
  });

  it('shows only the tags of one character at /tags-overzicht/{char}', async () => {
    for (const key of keys) {
      const response = await get(`/tags-overzicht/${key}`).expect(200);
      const main = decodeHtml(mainOf(response.text));
      const expected = tags.filter((tag) => tag.key === key);
      expect(attributes(main, 'data-tag').sort()).toEqual(expected.map((tag) => tag.slug).sort());
      for (const tag of expected) expect(main).toContain(`data-tag="${tag.slug}" data-count="${tag.count}"`);
      expect(main).toContain(`aria-current="page"`);
      expect(headOf(response.text)).toContain(
        `<link rel="canonical" href="${PUBLIC_URL}/tags-overzicht/${key}"`,
      );
    }
  });

  it('404s characters without tags and anything that is not a character; 301s upper case', async () => {
    const emptyLetter = Array.from('abcdefghijklmnopqrstuvwxyz').find((letter) => !keys.includes(letter))!;
    const response = await get(`/tags-overzicht/${emptyLetter}`).expect(404);
    expect(decodeHtml(response.text)).toContain(`Pagina niet gevonden: /tags-overzicht/${emptyLetter}`);
    await get('/tags-overzicht/ab').expect(404);
    await get('/tags-overzicht/%C3%A9').expect(404);
    if (!keys.includes('0-9')) await get('/tags-overzicht/0-9').expect(404);
    const letter = keys.find((key) => /^[a-z]$/.test(key))!;
    await get(`/tags-overzicht/${letter.toUpperCase()}`)
      .expect(301)
      .expect('Location', `/tags-overzicht/${letter}`);
    await get(`/en/tags-overzicht/${letter.toUpperCase()}`)
      .expect(301)
      .expect('Location', `/en/tags-overzicht/${letter}`);
  });

  it('has English copies under /en', async () => {
    const response = await get('/en/tags-overzicht').expect(200);
    expect(response.text).toContain('<html lang="en">');
    const main = decodeHtml(mainOf(response.text));
    expect(main).toContain('<h1>Tags from A to Z</h1>');
    expect(main).toContain(`href="/en/news/tag/${tags[0]!.slug}"`);
    const letter = keys.find((key) => /^[a-z]$/.test(key))!;
    const one = decodeHtml(mainOf((await get(`/en/tags-overzicht/${letter}`).expect(200)).text));
    expect(one).toContain(`<h1>Tags starting with ${letter.toUpperCase()}</h1>`);
  });
});

describe('sitemap', () => {
  type Month = { articles: number; events: number };
  const calendar = new Map<number, Map<number, Month>>();
  let articles: Pick<Article, 'documentId' | 'title' | 'slug' | 'publishDate'>[];
  let events: Pick<Event, 'documentId' | 'title' | 'slug' | 'startsAt'>[];

  /** Year and month (1–12) in Europe/Amsterdam, with Intl (independent of the portal's code). */
  const amsterdam = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: 'numeric',
  });
  function periodOf(iso: string): { year: number; month: number } {
    const parts = amsterdam.formatToParts(new Date(iso));
    return {
      year: Number(parts.find((part) => part.type === 'year')!.value),
      month: Number(parts.find((part) => part.type === 'month')!.value),
    };
  }
  const sortedMonths = () =>
    [...calendar.entries()]
      .flatMap(([year, months]) => [...months.keys()].map((month) => ({ year, month })))
      .sort((a, b) => a.year * 12 + a.month - (b.year * 12 + b.month));
  const mm = (month: number) => String(month).padStart(2, '0');
  const totalOf = (year: number, kind: keyof Month) =>
    [...(calendar.get(year)?.values() ?? [])].reduce((sum, month) => sum + month[kind], 0);

  beforeAll(async () => {
    articles = await cmsAll('articles', 'fields[0]=title&fields[1]=slug&fields[2]=publishDate');
    events = await cmsAll('events', 'fields[0]=title&fields[1]=slug&fields[2]=startsAt');
    const add = (iso: string, kind: keyof Month) => {
      const { year, month } = periodOf(iso);
      const months = calendar.get(year) ?? new Map<number, Month>();
      const entry = months.get(month) ?? { articles: 0, events: 0 };
      entry[kind] += 1;
      months.set(month, entry);
      calendar.set(year, months);
    };
    for (const article of articles) add(article.publishDate, 'articles');
    for (const event of events) add(event.startsAt, 'events');
  });

  it('lists the years with article counts and the months that have content', async () => {
    expect(calendar.size).toBeGreaterThan(1);
    const response = await get('/sitemap').expect(200);
    const main = mainOf(response.text);
    const text = textOf(main);
    expect(text).toContain(`${articles.length} artikelen`);
    expect(text).toContain(`${events.length} evenementen`);
    const years = attributes(main, 'data-year').map(Number);
    expect(years).toEqual([...calendar.keys()].sort((a, b) => b - a));
    for (const [year, months] of calendar) {
      const start = main.indexOf(`data-year="${year}"`);
      const block = main.slice(start, main.indexOf('</li></ul></li>', start));
      const articleTotal = totalOf(year, 'articles');
      if (articleTotal) expect(textOf(block)).toContain(`${articleTotal} artikel`);
      else expect(textOf(block)).not.toContain('artikel');
      const eventTotal = totalOf(year, 'events');
      if (eventTotal) expect(textOf(block)).toContain(`${eventTotal} evenement`);
      for (let month = 1; month <= 12; month += 1) {
        const link = `href="/sitemap/${year}/${mm(month)}"`;
        if (months.has(month)) expect(block).toContain(link);
        else expect(block).not.toContain(link);
      }
    }
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/sitemap"`);
  });

  it('lists the months of a year with their counts, and links the neighbouring years', async () => {
    const years = [...calendar.keys()].sort((a, b) => a - b);
    for (const year of years) {
      const response = await get(`/sitemap/${year}`).expect(200);
      const main = mainOf(response.text);
      expect(decodeHtml(main)).toContain(`<h1>Sitemap ${year}</h1>`);
      for (let month = 1; month <= 12; month += 1) {
        const start = main.indexOf(`data-month="${month}"`);
        const cell = main.slice(start, main.indexOf('</li>', start));
        const counts = calendar.get(year)?.get(month);
        if (counts) {
          expect(cell).toContain(`href="/sitemap/${year}/${mm(month)}"`);
          if (counts.articles) expect(textOf(cell)).toContain(`${counts.articles} artikel`);
          if (counts.events) expect(textOf(cell)).toContain(`${counts.events} evenement`);
        } else {
          expect(cell).not.toContain('href=');
          expect(textOf(cell)).toContain('Niets gepubliceerd');
        }
      }
      const index = years.indexOf(year);
      if (index > 0) expect(main).toContain(`href="/sitemap/${years[index - 1]}" rel="prev"`);
      else expect(main).not.toContain('rel="prev"');
      if (index < years.length - 1) expect(main).toContain(`href="/sitemap/${years[index + 1]}" rel="next"`);
      else expect(main).not.toContain('rel="next"');
    }
  });

  it('lists the articles and events of a month with links, dates and neighbouring months', async () => {
    const months = sortedMonths();
    // The month with the most articles, and one with events.
    const busiest = [...months].sort(
      (a, b) => calendar.get(b.year)!.get(b.month)!.articles - calendar.get(a.year)!.get(a.month)!.articles,
    )[0]!;
    const withEvents = months.find((period) => calendar.get(period.year)!.get(period.month)!.events > 0)!;
    for (const period of [busiest, withEvents]) {
      const response = await get(`/sitemap/${period.year}/${mm(period.month)}`).expect(200);
      const main = decodeHtml(mainOf(response.text));
      const inMonth = <T>(items: T[], date: (item: T) => string) =>
        items.filter((item) => {
          const other = periodOf(date(item));
          return other.year === period.year && other.month === period.month;
        });
      const monthArticles = inMonth(articles, (article) => article.publishDate);
      const monthEvents = inMonth(events, (event) => event.startsAt);
      expect(attributes(main, 'data-article').sort()).toEqual(monthArticles.map((a) => a.documentId).sort());
      expect(attributes(main, 'data-event').sort()).toEqual(monthEvents.map((e) => e.documentId).sort());
      for (const article of monthArticles) {
        expect(main).toContain(`<a href="/news/${article.documentId}/${article.slug}">${article.title}</a>`);
        expect(main).toContain(`dateTime="${article.publishDate}"`);
      }
      for (const event of monthEvents)
        expect(main).toContain(`<a href="/events/${event.slug}">${event.title}</a>`);
      const text = textOf(main);
      if (monthArticles.length) expect(text).toContain(`${monthArticles.length} artikel`);
      if (monthEvents.length) expect(text).toContain(`${monthEvents.length} evenement`);
      const index = months.findIndex((other) => other.year === period.year && other.month === period.month);
      const previous = months[index - 1];
      const next = months[index + 1];
      if (previous)
        expect(main).toContain(`href="/sitemap/${previous.year}/${mm(previous.month)}" rel="prev"`);
      if (next) expect(main).toContain(`href="/sitemap/${next.year}/${mm(next.month)}" rel="next"`);
      expect(main).toContain(`href="/sitemap/${period.year}"`);
    }
  });

  it('404s invalid and empty periods, and 301s a month without its leading zero', async () => {
    const years = [...calendar.keys()];
    const first = Math.min(...years);
    const year = Math.max(...years);
    const months = calendar.get(year)!;
    const emptyMonth = Array.from({ length: 12 }, (_, i) => i + 1).find((month) => !months.has(month));
    const fullMonth = [...months.keys()].find((month) => month < 10) ?? [...months.keys()][0]!;
    const response = await get('/sitemap/abcd').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /sitemap/abcd');
    await get('/sitemap/0999').expect(404);
    await get('/sitemap/999').expect(404);
    await get(`/sitemap/${first - 1}`).expect(404);
    await get(`/sitemap/${year}/13`).expect(404);
    await get(`/sitemap/${year}/00`).expect(404);
    await get(`/sitemap/${year}/mrt`).expect(404);
    await get(`/sitemap/${first - 1}/01`).expect(404);
    if (emptyMonth) await get(`/sitemap/${year}/${mm(emptyMonth)}`).expect(404);
    await get(`/sitemap/${year}/${mm(fullMonth)}?page=9`).expect(404);
    if (fullMonth < 10) {
      await get(`/sitemap/${year}/${fullMonth}`)
        .expect(301)
        .expect('Location', `/sitemap/${year}/${mm(fullMonth)}`);
    }
  });

  it('has English copies under /en', async () => {
    const response = await get('/en/sitemap').expect(200);
    expect(response.text).toContain('<html lang="en">');
    expect(textOf(mainOf(response.text))).toContain(`${articles.length} articles`);
    const { year, month } = sortedMonths().at(-1)!;
    const monthPage = await get(`/en/sitemap/${year}/${mm(month)}`).expect(200);
    const name = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2000, month - 1, 15),
    );
    expect(decodeHtml(mainOf(monthPage.text))).toContain(`<h1>Sitemap ${name} ${year}</h1>`);
    expect(headOf(monthPage.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/en/sitemap/${year}/${mm(month)}"`,
    );
  });
});
