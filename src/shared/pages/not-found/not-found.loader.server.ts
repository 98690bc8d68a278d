/** Catch-all route: every unmatched path is a 404 (spec section 8). */
import { notFound } from '../../../server/loaders/content.server.ts';

export async function notFoundLoader(): Promise<never> {
  throw notFound();
}
