// Every page carries one merged Content-Security-Policy header, prerendered or server-rendered:
// the site's directives (default-src, object-src, base-uri, form-action, frame-ancestors) and Astro's hashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Server } from './helpers.ts';

let server: Server;
beforeAll(async () => {
  server = await startServer('site-csp');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const SITE_DIRECTIVES = ['default-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors'];

describe('content security policy', () => {
  for (const path of ['/', '/en/', '/about', '/mobile/', '/register', '/backoffice']) {
    it(`${path} has one policy with the site's directives and the page's hashes`, async () => {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      const header = res.headers.get('content-security-policy') ?? '';
      // Fetch joins repeated headers with ', '; one policy has none.
      expect(header.split(/,\s*(?=[a-z-]+-src|default-src)/).length, header).toBe(1);
      const directives = new Set(header.split(';').map((d) => d.trim().split(/\s+/)[0]));
      for (const d of SITE_DIRECTIVES) expect(directives.has(d), `${path} ${d}`).toBe(true);
      const html = await res.text();
      // Whatever hashes the page's own <meta> policy lists, the header lists too.
      const meta = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i.exec(html)?.[1] ?? '';
      for (const hash of meta.match(/'sha(256|384|512)-[^']+'/g) ?? []) expect(header, `${path} ${hash}`).toContain(hash);
    });
  }
});
