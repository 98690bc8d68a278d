import { describe, expect, it } from 'vitest';
import { navigationTarget } from '../../src/client/link-interceptor.ts';

const location = {
  href: 'http://localhost:3000/news/a/b',
  origin: 'http://localhost:3000',
  pathname: '/news/a/b',
  search: '',
} as Location;

function click(init: Partial<MouseEvent> = {}): MouseEvent {
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...init,
  } as MouseEvent;
}

function anchor(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  return {
    href: new URL(href, location.href).href,
    target: attributes.target ?? '',
    dataset: attributes.reload !== undefined ? { reload: '' } : {},
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => (name === 'href' ? href : (attributes[name] ?? null)),
  } as unknown as HTMLAnchorElement;
}

describe('navigationTarget', () => {
  it('turns same-origin page links into router navigations', () => {
    expect(navigationTarget(click(), anchor('/news/tag/retouren?page=2'), location)).toBe(
      '/news/tag/retouren?page=2',
    );
    expect(navigationTarget(click(), anchor('/en'), location)).toBe('/en');
    expect(navigationTarget(click(), anchor('/over-ons#team'), location)).toBe('/over-ons#team');
  });

  it('leaves other links to the browser', () => {
    expect(navigationTarget(click(), anchor('https://example.com/x'), location)).toBeNull();
    expect(navigationTarget(click(), anchor('/uploads/photo.jpg'), location)).toBeNull();
    expect(navigationTarget(click(), anchor('/sitemap.xml'), location)).toBeNull();
    expect(navigationTarget(click(), anchor('/x', { target: '_blank' }), location)).toBeNull();
    expect(navigationTarget(click(), anchor('/x', { download: '' }), location)).toBeNull();
    expect(navigationTarget(click(), anchor('/x', { reload: '' }), location)).toBeNull();
    expect(navigationTarget(click(), anchor('#top'), location)).toBeNull();
  });

  it('ignores modified and non-primary clicks', () => {
    expect(navigationTarget(click({ ctrlKey: true }), anchor('/x'), location)).toBeNull();
    expect(navigationTarget(click({ metaKey: true }), anchor('/x'), location)).toBeNull();
    expect(navigationTarget(click({ button: 1 }), anchor('/x'), location)).toBeNull();
    expect(navigationTarget(click({ defaultPrevented: true }), anchor('/x'), location)).toBeNull();
  });
});
