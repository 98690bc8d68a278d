/**
 * The `Pageview` of a detail page (docs/analytics.md): sent once the page knows its content, with
 * the content type and document id, so each item is counted with what it showed. The route-change
 * `Pageview` skips these routes (PAGEVIEW_SKIPPED_ROUTES). Browser only: effects do not run on
 * the server.
 */
import { useEffect } from 'react';
import { type AnalyticsEvent, recordEvent } from './events.ts';

/** Records the page view of `documentId` (again when the page shows another item). */
export function useContentPageview(
  contentType: NonNullable<AnalyticsEvent['contentType']>,
  documentId: string,
): void {
  useEffect(() => {
    recordEvent({
      eventType: 'Pageview',
      url: `${window.location.pathname}${window.location.search}`,
      contentType,
      documentId,
    });
  }, [contentType, documentId]);
}
