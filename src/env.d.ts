/// <reference types="astro/client" />
declare namespace App {
  interface Locals extends Partial<import('./shared/page-locals.ts').PageLocals> {}
}
declare namespace astroHTML.JSX {
  interface AstroBuiltinAttributes {
    /** See src/lib/directives/session.ts. */
    'client:session'?: boolean;
  }
}
