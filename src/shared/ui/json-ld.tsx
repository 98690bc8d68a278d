/**
 * Structured data for search engines: a `<script type="application/ld+json">` (schema.org).
 * The JSON is escaped like the hydration state, so CMS text can never close the element. It is
 * data, not executed script, so the CSP `script-src 'self'` does not apply to it.
 */
import { toInlineJson } from '../route-state.ts';

/** Renders one JSON-LD object (include `@context` and `@type`). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toInlineJson(data) }} />;
}
