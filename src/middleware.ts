// Astro's page middleware. Language, device and website status are decided by the server's page
// middleware before Astro runs (it also covers prerendered pages); this one mends what Astro's i18n
// fallback does to the status of English pages.
import { defineMiddleware } from 'astro:middleware';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  // Astro's i18n 'rewrite' fallback renders the right page for /en/... but keeps the 302 of the
  // internal fallback route; a 302 without a Location header is never meant, so it becomes a 200.
  if (response.status === 302 && !response.headers.get('location')) {
    return new Response(response.body, { status: 200, headers: response.headers });
  }
  return response;
});
