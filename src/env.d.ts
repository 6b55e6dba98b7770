/// <reference types="astro/client" />
declare namespace App {
  // The server's page middleware passes the site's state (optional: prerendered pages are built without it);
  // Astro's middleware always adds the page's language helpers.
  type SiteLocals = Partial<Omit<import('./shared/page-locals.ts').PageLocals, 'locale'>>;
  type LanguageLocals = import('./shared/page-locals.ts').PageHelpers;
  interface Locals extends SiteLocals, LanguageLocals {}
}
declare namespace astroHTML.JSX {
  interface AstroBuiltinAttributes {
    /** See src/lib/directives/session.ts. */
    'client:session'?: boolean;
  }
}
