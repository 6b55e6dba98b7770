// Serves the built Astro site from the same process as the API. Every page request first passes the
// page middleware (language cookie, website status, device), which also covers the prerendered pages
// that Astro's own middleware never sees at request time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './lib/errors.ts';
import { compressRawResponse } from './lib/compress-raw.ts';
import { mergePolicies, metaPolicy } from './lib/csp.ts';
import { canonicalPath, localeOfPath, localizedPath } from '../i18n/index.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../shared/constants.ts';
import { detectDevice } from '../lib/device.ts';
import { mobileEquivalent, needsMobileRedirect, normalizePath, stripLocale } from '../lib/routes.ts';
import { PUBLIC_PAGE_API_PREFIXES, type PageLocals } from '../shared/page-locals.ts';
import { activeGroups, listGames } from './modules/games/repository.ts';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

type AstroHandler = (req: unknown, res: unknown, next: undefined, locals: object) => Promise<void>;

/** Maps '/about' and '/en/about' to their prerendered HTML files. */
function prerenderedPages(clientDir: string): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro') walk(full);
      } else if (entry.name === 'index.html') {
        const rel = path.relative(clientDir, path.dirname(full)).split(path.sep).join('/');
        map.set(rel ? `/${rel}` : '/', full);
      }
    }
  };
  walk(clientDir);
  return map;
}

/** The built site as the page handler needs it: Astro's handler and the prerendered pages with their policies. */
interface BuiltSite {
  clientDir: string;
  handler: AstroHandler;
  /** '/about' and '/en/about' to their prerendered HTML files. */
  prerendered: Map<string, string>;
  /** Each prerendered page's own script and style hashes (from Astro's <meta> policy), read once at start-up. */
  policies: Map<string, string | undefined>;
}

const CSP = 'content-security-policy';

type WebsiteStatus = { status: boolean; msg: string; msg_en: string };

/** The operator's text in the reader's language, falling back to the Chinese one when no English text is set. */
function inLocale(locale: PageLocals['locale'], zh: string, en: string | null | undefined): string {
  return locale === 'en' && en ? en : zh;
}

async function loadSite(): Promise<BuiltSite> {
  const clientDir = path.join(distDir, 'client');
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) throw new Error(`The site is not built: ${entry} is missing. Run \`npm run build\`.`);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const prerendered = prerenderedPages(clientDir);
  const policies = new Map<string, string | undefined>();
  for (const file of prerendered.values()) policies.set(file, metaPolicy(fs.readFileSync(file, 'utf8')));
  return { clientDir, handler, prerendered, policies };
}

async function registerAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    index: false,
    redirect: false,
    // scripts/compress-dist.mjs wrote .br and .gz copies at build time.
    preCompressed: true,
    // One route per built file, read at start-up: any other path falls through to the page handler.
    wildcard: false,
    // Hashed build assets never change; everything else is revalidated.
    // This version of @fastify/static hands the Fastify reply to setHeaders.
    setHeaders(reply: unknown, filePath: string) {
      (reply as FastifyReply).header(
        'cache-control',
        filePath.includes(`${path.sep}_astro${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
    allowedPath: (pathName) => !/\.(html|br|gz)$/.test(pathName),
  });
}

export async function registerPages(app: FastifyInstance): Promise<void> {
  const site = await loadSite();
  await registerAssets(app, site.clientDir);
  app.setNotFoundHandler(pageHandler(app, site));
}

const redirect = (reply: FastifyReply, to: string) => reply.code(302).header('cache-control', 'no-store').redirect(to);

/** Every request no route took: API misses, then the page middleware (language, website status, device), then the page. */
function pageHandler(app: FastifyInstance, site: BuiltSite) {
  const { system } = app.services;
  return async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://local');
    const pathname = url.pathname;
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send(errorBody(request.locale, 'not_found'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send(errorBody(request.locale, 'method_not_allowed'));
    }
    if (pathname.startsWith('/_server-islands/') || pathname.startsWith('/_actions/')) {
      return renderAstro(site, request, reply, pageLocals(app, request, localeOfPath(pathname), await system.websiteStatus()));
    }
    // One address per page: '/register/' (or '/mobile') is a twin of '/register' ('/mobile/'), sent there for good.
    const canonical = canonicalPath(pathname);
    if (canonical !== pathname)
      return reply
        .code(301)
        .header('cache-control', 'public, max-age=300')
        .redirect(canonical + url.search);
    const locale = localeOfPath(pathname);
    const bare = normalizePath(stripLocale(pathname));
    const cookieLocale = request.cookies[LOCALE_COOKIE];

    // A returning English reader who opens the bare home page goes to the English home.
    if (bare === '/' && locale === 'zh-TW' && cookieLocale === 'en' && !url.searchParams.has('lang')) {
      return redirect(reply, `/en/${url.search}`);
    }
    if (cookieLocale !== locale) {
      // Written as a header now, because Astro's responses bypass the cookie plugin's onSend hook.
      reply.header('set-cookie', app.serializeCookie(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax' }));
    }

    const website = await system.websiteStatus();
    if (!website.status && bare !== '/maintenance' && !bare.startsWith('/backoffice')) {
      return redirect(reply, localizedPath('/maintenance', locale));
    }

    const device = detectDevice(request.headers['user-agent']);
    if (device.device !== 'pc' && needsMobileRedirect(bare)) {
      return redirect(reply, localizedPath(mobileEquivalent(bare), locale) + url.search);
    }

    const file = site.prerendered.get(pathname === '/' ? '/' : normalizePath(pathname));
    if (file) return sendPrerendered(request, reply, file, site.policies.get(file));
    return renderAstro(site, request, reply, pageLocals(app, request, locale, website));
  };
}

function sendPrerendered(request: FastifyRequest, reply: FastifyReply, file: string, policy: string | undefined) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  // One policy: helmet's directives with this page's hashes, rather than helmet's header beside Astro's tag.
  reply.header(CSP, mergePolicies(String(reply.getHeader(CSP) ?? ''), policy));
  const accepts = String(request.headers['accept-encoding'] ?? '');
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepts.includes(encoding) && fs.existsSync(file + ext)) {
      return reply.header('content-encoding', encoding).send(fs.createReadStream(file + ext));
    }
  }
  return reply.send(fs.createReadStream(file));
}

function pageLocals(app: FastifyInstance, request: FastifyRequest, locale: PageLocals['locale'], website: WebsiteStatus): PageLocals {
  const { system, db } = app.services;
  return {
    device: detectDevice(request.headers['user-agent']),
    locale,
    website: { status: website.status, msg: inLocale(locale, website.msg, website.msg_en) },
    settings: () => system.settings(),
    noticeText: async (wanted) => {
      const [first] = await system.messages('pc-top');
      return first ? inLocale(wanted, first.message, first.message_en) : '';
    },
    platformGroups: () => activeGroups(db),
    games: (q) => listGames(db, { ...q, locale }),
    publicApi: async <T>(apiPath: string, query?: Record<string, string | number>) => {
      if (!PUBLIC_PAGE_API_PREFIXES.some((prefix) => apiPath.startsWith(prefix)) || apiPath.includes('..')) return undefined;
      const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
      // No authorization header travels along: the page asks as a visitor, whoever is reading. The reader's
      // address does, so these calls count against the reader's rate limit rather than one shared local one.
      const res = await app.inject({ method: 'GET', url: apiPath + qs, headers: { 'x-locale': locale }, remoteAddress: request.ip });
      if (res.statusCode !== 200) return undefined;
      const body = res.json() as { status?: string; data?: T };
      return body.status === 'success' ? body.data : undefined;
    },
  };
}

/**
 * Astro's policy header (its hashes) would replace helmet's and lose default-src, object-src, base-uri,
 * form-action and frame-ancestors: whatever way Astro writes it, the two are merged into one.
 */
function mergeCspOnRawResponse(reply: FastifyReply): void {
  const site = String(reply.getHeader(CSP) ?? '');
  const raw = reply.raw;
  const setHeader = raw.setHeader.bind(raw);
  raw.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === CSP ? mergePolicies(site, ...([] as string[]).concat(value as string)) : value)) as typeof raw.setHeader;
  const writeHead = raw.writeHead.bind(raw) as (...args: unknown[]) => typeof raw;
  raw.writeHead = ((...args: unknown[]) => {
    const headers = args.find((a, i) => i > 0 && a && typeof a === 'object');
    if (headers && !Array.isArray(headers)) {
      const h = headers as Record<string, unknown>;
      for (const key of Object.keys(h)) {
        if (key.toLowerCase() === CSP) h[key] = mergePolicies(site, ...([] as string[]).concat(h[key] as string));
      }
    }
    return writeHead(...args);
  }) as typeof raw.writeHead;
}

async function renderAstro(site: BuiltSite, request: FastifyRequest, reply: FastifyReply, locals: PageLocals) {
  // Astro writes the response itself: the reply's headers (the security headers among them) go on the raw response first.
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v as string);
  mergeCspOnRawResponse(reply);
  reply.hijack();
  if (request.method === 'GET') compressRawResponse(reply.raw, request.headers['accept-encoding']);
  await site.handler(request.raw, reply.raw, undefined, locals);
}
