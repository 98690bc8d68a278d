/** Catch-all route: every unmatched path is a 404 (docs/product.md#errors). */
import { notFound } from '../cms/paging.server.ts';

export async function loader(): Promise<never> {
  throw notFound();
}
