/**
 * Catch-all route view. Its loader always throws a 404, so the locale error boundary renders the
 * "Pagina niet gevonden: {path}" page instead; this view is never shown.
 */
export function NotFoundPage() {
  return null;
}
