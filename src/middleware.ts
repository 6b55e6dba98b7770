// Astro's page middleware. Device and website status are decided by the server's page middleware before Astro
// runs; this one gives every page (prerendered ones too) its language and language helpers on Astro.locals, and
// mends what Astro's i18n fallback does to the status of English pages.
import { defineMiddleware } from 'astro:middleware';
import { pageHelpers, pageLocale } from './lib/page.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  Object.assign(context.locals, pageHelpers(pageLocale(context)));
  const response = await next();
  // Astro's i18n 'rewrite' fallback renders the right page for /en/... but keeps the 302 of the
  // internal fallback route; a 302 without a Location header is never meant, so it becomes a 200.
  if (response.status === 302 && !response.headers.get('location')) {
    return new Response(response.body, { status: 200, headers: response.headers });
  }
  return response;
});
