/**
 * Route metadata the app shell reads from the matched routes (React Router's `handle`), kept below
 * the route table so that the shell can read it without importing the pages.
 */

/** The page layouts of docs/product.md#routes-and-layouts: with header and footer, bare, or full width. */
export type LayoutName = 'default' | 'empty' | 'fullpage';

/** Route `handle`: the route name and the layout the page uses. */
export interface RouteHandle {
  name: string;
  layout?: LayoutName;
}
