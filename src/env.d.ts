/// <reference types="astro/client" />
declare namespace App {
  interface Locals extends Partial<import('./shared/page-locals.ts').PageLocals> {}
}
