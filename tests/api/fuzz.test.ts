// Property-based fuzzing of the account and site calls: whatever a client sends (malformed JSON, wrong
// content types, wrong JSON types, missing and unknown fields, oversize bodies, odd headers), the answer is
// a 4xx in the one error shape, never a 5xx, never a success for a bad body, and never leaks internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { ERROR_STATUS } from '../../src/shared/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const BODY_LIMIT = 64 * 1024;

// ---- what every answer must look like ----------------------------------------------------------

const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\bat\s+\S+\s+\(|\bat\s+\S*\.(?:ts|js|mjs|cjs):\d+/],
  ['error name', /\b(?:[A-Z][a-z]+)?Error:/],
  ['node_modules', /node_modules/],
  ['file path', /\/work\/|\/home\/|\/usr\/|file:\/\/|[A-Z]:\\\\/],
  ['SQL', /\bselect\b[\s\S]*\bfrom\b|\binsert into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete from\b/i],
  ['database error', /syntax error at|relation "|violates|duplicate key|\bpg_|drizzle|pglite|postgres/i],
  ['framework internals', /FST_ERR|fastify|valibot|\bajv\b/i],
];

function checkNoLeak(res: LightMyRequestResponse): void {
  for (const [name, re] of LEAKS) if (re.test(res.body)) throw new Error(`answer leaks ${name}: ${res.body.slice(0, 300)}`);
}

/** The error shape of SPEC.md section 7, with a known code whose status is the HTTP status. */
function checkError(res: LightMyRequestResponse): void {
  if (res.statusCode >= 500) throw new Error(`server error ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (res.statusCode < 400) throw new Error(`accepted a bad request with ${res.statusCode}: ${res.body.slice(0, 300)}`);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body.status).toBe('error');
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(Object.keys(ERROR_STATUS)).toContain(body.code);
  expect(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]).toBe(res.statusCode);
  if (body.error !== undefined) {
    for (const messages of Object.values(body.error as Record<string, unknown>)) {
      expect(Array.isArray(messages)).toBe(true);
      for (const m of messages as unknown[]) expect(typeof m).toBe('string');
    }
  }
  // Nothing the client sent comes back in bulk.
  expect(res.body.length).toBeLessThan(8 * 1024);
  checkNoLeak(res);
}

// ---- generators --------------------------------------------------------------------------------

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const headerText = (maxLength = 200) => fc.string({ unit: printable, maxLength });
// Unknown keys are named back in the answer, so they are drawn from letters that cannot spell a leak pattern.
const safeKey = fc.string({ unit: fc.constantFrom(...'abcdhkmnwxyz_'), minLength: 1, maxLength: 20 }).map((k) => `k${k}9`);

/** Odd but well-formed headers: garbage tokens, languages, cookies and agents. */
const oddHeaders = fc.record(
  {
    authorization: fc.oneof(
      headerText(),
      headerText().map((s) => `Bearer ${s}`),
      fc
        .string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'), minLength: 20, maxLength: 100 })
        .map((s) => `Bearer ${s}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer abc', `Bearer ${'x'.repeat(5000)}`, 'Bearer null', 'Bearer undefined'),
    ),
    'x-locale': fc.oneof(headerText(20), fc.constantFrom('en', 'zh-TW', 'EN', 'zh', 'th', '__proto__')),
    'accept-language': headerText(),
    cookie: fc.oneof(headerText(), fc.constantFrom('clang=en', 'clang=xx', 'clang', '=;=;', 'clang=%E0%A4%A', '__proto__=1')),
    'user-agent': headerText(300),
  },
  { requiredKeys: [] },
);

/** Any JSON value that is not a string (arrays, numbers, null, booleans, nested objects). */
const nonString = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.dictionary(safeKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
  fc.constant({ $gt: '' }),
);

interface BadRequest {
  kind: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const json = (value: unknown): BadRequest => ({ kind: 'json', payload: JSON.stringify(value), contentType: 'application/json' });

function badBodies(base: Record<string, unknown>, required: string[], stringFields: string[]): fc.Arbitrary<BadRequest> {
  const fields = Object.keys(base);
  return fc.oneof(
    // Malformed JSON text.
    fc
      .string({ maxLength: 200 })
      .filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      })
      .map((payload) => ({ kind: 'malformed', payload, contentType: 'application/json' })),
    fc
      .integer({ min: 0, max: JSON.stringify(base).length - 1 })
      .map((n) => ({ kind: 'truncated', payload: JSON.stringify(base).slice(0, n), contentType: 'application/json' })),
    fc
      .constantFrom(
        '{"account":"a",}',
        "{'account':'abc12345'}",
        '{"account":"abc12345"',
        '{"a":1}{"b":2}',
        'undefined',
        'NaN',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        `{"account":"abc12345","__proto__":{"isAdmin":true}}`,
        '\uFEFF{"account":"abc12345"}',
        '{"account":"\\ud800"}',
      )
      .map((payload) => ({ kind: 'tricky', payload, contentType: 'application/json' })),
    // Wrong content types, with a body that would be valid as JSON.
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=xyz',
            'application/xml',
            'application/octet-stream',
            'application/jsonp',
            'text/json',
            'application/json-patch+json',
            'image/png',
            '*/*',
            ';',
            'application/',
            'application/json, text/plain',
          ),
          headerText(60).filter((ct) => !/^\s*application\/json\s*(;|$)/i.test(ct)),
        ),
        fc.oneof(fc.constant(JSON.stringify(base)), fc.string({ maxLength: 200 })),
      )
      .map(([contentType, payload]) => ({ kind: 'content-type', payload, contentType })),
    // JSON with odd parameters, carrying malformed text.
    fc
      .tuple(
        fc.constantFrom(
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/json; charset=',
          'application/json;;',
          'APPLICATION/JSON; boundary=x',
        ),
        fc.string({ maxLength: 100 }).filter((x) => {
          try {
            JSON.parse(x);
            return false;
          } catch {
            return true;
          }
        }),
      )
      .map(([contentType, payload]) => ({ kind: 'json parameters', payload, contentType })),
    // A Content-Length that does not match the body.
    fc
      .integer({ min: 0, max: 10_000 })
      .filter((n) => n !== JSON.stringify(base).length)
      .map((n) => ({ kind: 'content-length', payload: JSON.stringify(base), contentType: 'application/json', headers: { 'content-length': String(n) } })),
    // A body without any content type.
    fc.constant(JSON.stringify(base)).map((payload) => ({ kind: 'no content-type', payload })),
    // No body at all.
    fc.constant({ kind: 'no body' } as BadRequest),
    // JSON that is not an object.
    fc
      .oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.integer(), fc.string({ maxLength: 30 }), fc.constant(null), fc.boolean())
      .map((v) => ({ ...json(v), kind: 'not an object' })),
    // One field of the wrong JSON type.
    fc.tuple(fc.constantFrom(...fields), nonString).map(([f, v]) => ({ ...json({ ...base, [f]: v }), kind: `wrong type ${f}` })),
    // Missing fields (at least one required field gone).
    fc.subarray(required, { minLength: 1 }).map((gone) => {
      const body = { ...base };
      for (const f of gone) delete body[f];
      return { ...json(body), kind: `missing ${gone.join(',')}` };
    }),
    // An unknown extra field.
    fc
      .tuple(
        safeKey.filter((k) => !fields.includes(k) && k !== 'recommended_code' && k !== 'rememberAccount'),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([k, v]) => ({ ...json({ ...base, [k]: v }), kind: `extra ${k}` })),
    // A long string in one field: under or over the body limit.
    fc
      .tuple(fc.constantFrom(...stringFields), fc.integer({ min: 65, max: 100_000 }), fc.constantFrom('a', '1', '測', ' '))
      .map(([f, n, c]) => ({ ...json({ ...base, [f]: c.repeat(n) }), kind: `long ${f}` })),
    // Oversize bodies, as JSON and as text.
    fc
      .tuple(fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 3 }), fc.constantFrom('application/json', 'text/plain'))
      .map(([n, contentType]) => ({ kind: 'oversize', payload: `{"pad":"${'x'.repeat(n)}"}`, contentType })),
  );
}

async function send(method: 'POST' | 'PUT' | 'GET', url: string, bad: BadRequest, headers: Record<string, string>) {
  const h: Record<string, string> = { ...headers, ...bad.headers };
  if (bad.contentType !== undefined) h['content-type'] = bad.contentType;
  return t.app.inject({ method, url, headers: h, payload: bad.payload, remoteAddress: freshIp() });
}

// ---- the endpoints -----------------------------------------------------------------------------

const bodyEndpoints: Array<{ method: 'POST' | 'PUT'; url: string; base: Record<string, unknown>; required: string[]; strings: string[] }> = [
  {
    method: 'POST',
    url: '/api/auth/login',
    base: { account: 'player01', password: 'abc12345' },
    required: ['account', 'password'],
    strings: ['account', 'password'],
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    base: { account: 'player01', password: 'abc12345', password_confirm: 'abc12345', phone: '0912345678', code: '123456', agreement: true },
    required: ['account', 'password', 'password_confirm', 'phone', 'code', 'agreement'],
    strings: ['account', 'password', 'password_confirm', 'phone', 'code'],
  },
  { method: 'PUT', url: '/api/send/phone', base: { phone: '0912345678' }, required: ['phone'], strings: ['phone'] },
];

describe('fuzz: bad bodies and odd headers on the calls that take a body', () => {
  for (const ep of bodyEndpoints) {
    it(`${ep.method} ${ep.url} answers every bad request with a clean 4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(badBodies(ep.base, ep.required, ep.strings), oddHeaders, async (bad, headers) => {
          const res = await send(ep.method, ep.url, bad, headers);
          checkError(res);
          if (bad.kind === 'oversize') expect(res.statusCode === 413 || res.statusCode === 415).toBe(true);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('the valid bodies still pass (the fuzzer starts from good data)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: 'nobody1234', password: 'abc12345' },
      remoteAddress: freshIp(),
    });
    // No such player: a clean login_failed proves the body itself was accepted.
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('login_failed');
  });
});

const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`),
  fc.constantFrom('?a[]=1&a[]=2', '?__proto__[x]=1', '?constructor[prototype][x]=1', '?%', '?a=%E0%A4%A', `?q=${'x'.repeat(3000)}`),
);

/** Bodies a GET may carry: ignored, but never a crash. */
const getBody = fc.oneof(
  fc.constant({ kind: 'none' } as BadRequest),
  fc
    .tuple(fc.constantFrom('application/json', 'text/plain', 'application/xml'), fc.string({ maxLength: 100 }))
    .map(([contentType, payload]) => ({ kind: 'get body', contentType, payload })),
);

describe('fuzz: the calls without a body', () => {
  const publicCalls = ['/api/activity/getRecommendedCode', '/api/system/settings', '/api/system/messages', '/api/website/status', '/api/checkIpBlack'];
  for (const url of publicCalls) {
    it(`GET ${url} never fails on odd headers or queries`, async () => {
      await fc.assert(
        fc.asyncProperty(oddHeaders, queryString, getBody, async (headers, query, bad) => {
          const res = await send('GET', url + query, bad, headers);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) {
            checkError(res);
            return;
          }
          expect(res.statusCode).toBe(200);
          checkNoLeak(res);
          const body = JSON.parse(res.body);
          if (url === '/api/activity/getRecommendedCode') expect([0, 1]).toContain(body);
          else expect(body).toMatchObject({ status: 'success', code: 100 });
        }),
        { numRuns: Math.ceil((RUNS * 2) / 3) },
      );
    });
  }

  for (const url of ['/api/auth/me', '/api/auth/logout']) {
    it(`GET ${url} answers a garbage token with 401 unauthorized`, async () => {
      await fc.assert(
        fc.asyncProperty(oddHeaders, queryString, getBody, async (headers, query, bad) => {
          const res = await send('GET', url + query, bad, headers);
          checkError(res);
          expect(res.statusCode).toBe(401);
          expect(res.json().code).toBe('unauthorized');
        }),
        { numRuns: RUNS },
      );
    });
  }
});
