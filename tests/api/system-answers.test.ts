// What the API answers a caller who sends something wrong: every route's schema is walked with bad
// input, in both languages, and no message may show the validator's internals or an untranslated key; a refused
// upload names the file, not JSON; a malformed percent-encoded URL answers the site's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer, freshIp, playerWithToken } from '../helpers/players.ts';

let t: TestApp;
let playerToken = '';
let staffToken = '';
beforeAll(async () => {
  t = await createTestApp();
  playerToken = (await playerWithToken(t)).token;
  staffToken = (await signedInStaff(t, 'walker01', 'admin')).token;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; pattern?: string; anyOf?: JsonSchema[]; enum?: unknown[] };
type Operation = { parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** What shows the validator's own workings, or a catalogue key nobody translated. */
const INTERNALS: Array<[string, RegExp]> = [
  ['validator text', /\bInvalid \w+:|\bExpected\b|but received/],
  ['catalogue key', /^(?:v|error|account|upload|bo)\.[\w.]+$|\bv\.[a-z_]+\.[a-z_]+/],
  ['regular expression', /\/\^|\$\//],
];

function messagesOf(res: LightMyRequestResponse): string[] {
  let body: { message?: unknown; error?: Record<string, unknown> };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return [];
  }
  const out = typeof body.message === 'string' ? [body.message] : [];
  for (const list of Object.values(body.error ?? {})) if (Array.isArray(list)) out.push(...list.filter((m): m is string => typeof m === 'string'));
  return out;
}

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'string';
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type) return type;
  return typeOf(schema.anyOf?.find((s) => s.type !== 'null'));
}

/** A value of the wrong kind for the schema: a number for text, text for a number, and so on. */
function wrongValue(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'number':
    case 'integer':
      return 'abc';
    case 'boolean':
      return 'maybe';
    case 'array':
      return 'x';
    case 'object':
      return 7;
    default:
      return 12345;
  }
}

/** Text that breaks a field's pattern (or a number for a text field without one). */
function badText(schema: JsonSchema | undefined): string {
  return typeOf(schema) === 'string' ? '!!%' : 'abc';
}

interface Probe {
  method: string;
  url: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  sent: string[];
}

function probesOf(path: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const url = path.replace(/\{(\w+)\}/g, () => '%21x');
  const inPath = params.filter((p) => p.in === 'path').map((p) => p.name);
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const props = bodySchema?.properties ?? {};
  const probes: Probe[] = [];
  if (inPath.length && !query.length && !Object.keys(props).length) probes.push({ method, url, sent: inPath });
  if (query.length) {
    probes.push({ method, url, query: Object.fromEntries(query.map((p) => [p.name, badText(p.schema)])), sent: [...inPath, ...query.map((p) => p.name)] });
  }
  if (Object.keys(props).length) {
    probes.push({ method, url, body: Object.fromEntries(Object.entries(props).map(([k, s]) => [k, wrongValue(s)])), sent: [...inPath, ...Object.keys(props)] });
    const patterned = Object.entries(props).filter(([, s]) => s.pattern);
    if (patterned.length) {
      const body = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, s.pattern ? '!!%' : wrongValue(s)]));
      probes.push({ method, url, body, sent: [...inPath, ...Object.keys(props)] });
    }
  }
  return probes;
}

async function allProbes(): Promise<Probe[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const out: Probe[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      // Sign-in and logout change who is calling; the rest is walked with both sessions.
      if (/\/auth\/logout|\/auth\/login$/.test(path)) continue;
      out.push(...probesOf(path, method.toUpperCase(), op));
    }
  }
  return out;
}

describe('validation messages on every route', () => {
  it("never show the validator's internals, in zh-TW and en, and name only fields the caller sent", { timeout: 300_000 }, async () => {
    const probes = await allProbes();
    expect(probes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const probe of probes) {
      for (const locale of ['zh-TW', 'en'] as const) {
        const token = probe.url.startsWith('/api/backoffice/') ? staffToken : playerToken;
        const res = await t.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          query: probe.query,
          remoteAddress: freshIp(),
          headers: { 'x-locale': locale, ...bearer(token), ...(probe.body ? {} : {}) },
          ...(probe.body ? { payload: probe.body } : {}),
        });
        if (res.statusCode < 400) continue;
        const where = `${probe.method} ${probe.url} (${locale}) ${res.statusCode}`;
        for (const message of messagesOf(res)) {
          for (const [name, re] of INTERNALS) if (re.test(message)) problems.push(`${where}: ${name}: ${message}`);
          if (locale === 'zh-TW' && !/[\u4e00-\u9fff]/.test(message)) problems.push(`${where}: not Chinese: ${message}`);
        }
        if (res.statusCode === 422) {
          const fields = Object.keys((JSON.parse(res.body) as { error?: object }).error ?? {});
          for (const field of fields) {
            const top = field.split('.')[0]!;
            if (!['modal', '_root', ...probe.sent].includes(top)) problems.push(`${where}: reported under '${field}', sent ${probe.sent.join(',')}`);
          }
        }
      }
    }
    expect(problems.slice(0, 40)).toEqual([]);
  });

  it('reports a bad record date under the field the caller sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/players/bet/records',
      query: { start: '2026-02-31', end: '2026-01-01' },
      headers: { 'x-locale': 'en', ...bearer(playerToken) },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error)).toEqual(['start']);
    const digits = await t.app.inject({ method: 'GET', url: '/api/players/bet/records', query: { wallet_id: 'x1' }, headers: bearer(playerToken) });
    expect(digits.json().error.wallet_id).toEqual(['只能輸入數字']);
  });
});

describe('refusals outside the schemas', () => {
  it('an upload refused for its type names the file, not JSON', async () => {
    const boundary = 'x-words-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      payload,
      headers: { ...bearer(playerToken), 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-locale': 'zh-TW' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).not.toMatch(/JSON/);
    expect(res.json()).toMatchObject({ code: 'unsupported_file_type', message: '不支援此檔案類型' });
  });

  it("a malformed percent-encoded API URL answers the site's error shape", async () => {
    for (const url of ['/api/x/%zz', '/api/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-locale': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ status: 'error', code: 'bad_request', message: expect.any(String) });
      expect(res.body).not.toMatch(/FST_|Bad Request|'/);
    }
  });
});
