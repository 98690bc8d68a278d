import { describe, expect, it } from 'vitest';
import { cmsEndpointLabel, LabelCap, routeLabelOfUrl } from '../../src/server/metrics/labels.server.ts';
import { PortalMetrics } from '../../src/server/metrics/portal-metrics.server.ts';

describe('metric labels (decision 091: bounded values, never a raw URL)', () => {
  it('labels CMS calls by API path with ids taken out', () => {
    expect(cmsEndpointLabel('/articles')).toBe('/articles');
    expect(cmsEndpointLabel('/articles/k3j9x0m2p8q1r5s7t2u4v6w8')).toBe('/articles/:id');
    expect(cmsEndpointLabel('/vacancies/mine/abc12def/withdraw')).toBe('/vacancies/mine/:id/withdraw');
    expect(cmsEndpointLabel('/users/me')).toBe('/users/me');
    expect(cmsEndpointLabel('/i18n/locales')).toBe('/i18n/locales');
    expect(cmsEndpointLabel('/events/42?populate=*')).toBe('/events/:id');
    expect(cmsEndpointLabel('/auth/email%40x.nl/callback')).toBe('/auth/:id/callback');
    expect(cmsEndpointLabel('/a/b/c/d/e/f')).toBe('/a/b/c/d/…');
    expect(cmsEndpointLabel('/Weird Name')).toBe('/:id');
    expect(cmsEndpointLabel('')).toBe('/');
  });

  it('labels what no page route answered by the part of the site', () => {
    expect(routeLabelOfUrl('/health')).toBe('health');
    expect(routeLabelOfUrl('/health/ready')).toBe('health');
    expect(routeLabelOfUrl('/__data/news/1/x')).toBe('data');
    expect(routeLabelOfUrl('/uploads/photo_abc123.webp')).toBe('uploads');
    expect(routeLabelOfUrl('/assets/entry-client-1a2b.js')).toBe('static');
    expect(routeLabelOfUrl('/favicon.ico')).toBe('static');
    expect(routeLabelOfUrl('/builds/latest.json')).toBe('static');
    expect(routeLabelOfUrl('/sitemap.xml')).toBe('feeds');
    expect(routeLabelOfUrl('/sitemaps/news.xml')).toBe('feeds');
    expect(routeLabelOfUrl('/en/rss.xml')).toBe('feeds');
    expect(routeLabelOfUrl('/news/tag/logistiek/rss.xml')).toBe('feeds');
    expect(routeLabelOfUrl('/robots.txt')).toBe('feeds');
    expect(routeLabelOfUrl('/events/x/agenda.ics')).toBe('calendar');
    expect(routeLabelOfUrl('/connect/github?redirect=/account')).toBe('sign-in');
    expect(routeLabelOfUrl('/en/auth/connect?access_token=x')).toBe('sign-in');
    expect(routeLabelOfUrl('/push/config')).toBe('push');
    expect(routeLabelOfUrl('/statistics')).toBe('statistics');
    expect(routeLabelOfUrl('/hooks/cms')).toBe('hooks');
    expect(routeLabelOfUrl('/taal/en')).toBe('locale-switch');
    expect(routeLabelOfUrl('/whatever/else?q=1')).toBe('other');
  });

  it('caps the values of a label', () => {
    const cap = new LabelCap(2);
    expect(cap.label('a')).toBe('a');
    expect(cap.label('b')).toBe('b');
    expect(cap.label('c')).toBe('other');
    expect(cap.label('a')).toBe('a');
  });

  it('keeps the CMS endpoints of a flood of paths to a bounded set', async () => {
    const metrics = new PortalMetrics();
    for (let i = 0; i < 1000; i++) metrics.cmsCall(`/c${i}x/${i}`, 'GET', 'success', 0.01);
    const text = await metrics.registry.metrics();
    const endpoints = new Set(
      [...text.matchAll(/portal_cms_requests_total\{endpoint="([^"]*)"/g)].map((match) => match[1]),
    );
    expect(endpoints.size).toBeLessThanOrEqual(201);
    expect(endpoints.has('other')).toBe(true);
  });

  it('counts requests per route, method and status on reused label children', async () => {
    const metrics = new PortalMetrics();
    metrics.requestStarted();
    metrics.requestEnded('index', 'GET', 200, 0.002);
    metrics.requestStarted();
    metrics.requestEnded('index', 'GET', 200, 0.004);
    metrics.requestStarted();
    metrics.requestEnded('index', 'PROPFIND', 405, 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_http_requests_total{route="index",method="GET",status="200"} 2');
    expect(text).toContain('portal_http_requests_total{route="index",method="OTHER",status="405"} 1');
    expect(text).toContain('portal_http_request_duration_seconds_count{route="index"} 3');
    expect(text).toContain('portal_http_requests_in_flight 0');
  });
});
