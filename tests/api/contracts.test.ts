// Contracts every route keeps, checked over the app's own route list so a new route cannot forget them:
// an anonymous caller gets 401 before any validation (never 422 about a body it may not send).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * The routes anyone may call, as `METHOD path`. Everything else under /api needs a player or a staff session.
 * Adding a route here is a decision about who may call it: say why in the route.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'PUT /api/send/phone',
  // Password recovery and the phone-code login are for players who cannot sign in.
  'POST /api/auth/sendPhoneVerification',
  'POST /api/auth/ifPlayerExist',
  'POST /api/auth/verifyPhoneCode',
  'PUT /api/auth/updatePasswordByForget',
  'POST /api/auth/phoneLogin',
  'GET /api/system/settings',
  'GET /api/system/messages',
  'GET /api/website/status',
  'GET /api/checkIpBlack',
  'GET /api/activity/getRecommendedCode',
  'GET /api/games/platform/all',
  'GET /api/platforms/status',
  'GET /api/games/list',
  'GET /api/demo/link/:code',
  'POST /api/payments/paybridge/callback',
  // The AIO gateway's notices carry their own CheckMacValue, and Mitake's receipts come to a path holding a secret
  // token (its receipts are unsigned); neither gateway can hold a session.
  'POST /api/payments/aio/payment-info',
  'POST /api/payments/aio/return',
  'GET /api/sms/mitake/receipt/:token',
  // The field web vitals' beacon: sent by every visitor's browser without a cookie, labelled by page, never by player.
  'POST /api/vitals',
  // Gift pictures of the points mall are catalogue images, like game thumbnails.
  'GET /api/exchange/image/:id',
  // Popup announcements are shown to visitors too (SPEC.md section 2) and hold nothing about any player.
  'GET /api/system/alert/settings',
  // Red-packet rain state (SPEC.md section 7): visitors see the rain too; a token only adds whether they claimed.
  'GET /api/activity/redEnvelope',
  // Uploaded pictures: public operator content, or private ones through a signed, expiring URL that only their
  // owner and staff are given (an <img> tag cannot send the bearer token).
  'GET /api/files/:id',
  // The promotions hall is browsed by visitors too (SPEC.md section 2); the detail adds the caller's state when signed in.
  'GET /api/activity/showType',
  'GET /api/activity/frontTypeInfo',
  'GET /api/activity/list',
  'GET /api/activity/detail',
  'POST /api/backoffice/auth/login',
  // Partners: the public programme page reads the default plan and takes applications from visitors; the
  // partner portal's sign-in is how a partner gets a session at all.
  'GET /api/partners/plan',
  'POST /api/partners/applications',
  'POST /api/agent/login',
]);

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (/code/i.test(name) ? 'SPB' : '1'));
}

describe('every non-public API route', () => {
  it('answers 401 to an anonymous caller, whatever the body', async () => {
    // The docs page and its assets describe the API to anyone; they hold no data.
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const r of routes) {
      const url = concrete(r.url);
      const withBody = r.method !== 'GET' && r.method !== 'DELETE';
      for (const payload of withBody ? [{}, { id: 'x'.repeat(300), money: -1 }, 'not json'] : [undefined]) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          remoteAddress: freshIp(),
          ...(payload === undefined ? {} : typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/json' } } : { payload }),
        });
        if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        // The seamless wallet speaks its providers' protocol: an unsigned call is refused with that protocol's code.
        else expect(res.json()).toMatchObject(r.url.startsWith('/api/seamless/') ? { status: 'INVALID_SIGNATURE' } : { status: 'error' });
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('every public API route', () => {
  it('answers a junk body with a 4xx, never a 5xx', async () => {
    const routes = t.app.routeList.filter((r) => PUBLIC.has(`${r.method} ${r.url}`) && r.method !== 'GET' && r.method !== 'DELETE');
    expect(routes.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const r of routes) {
      for (const payload of [{}, { id: 'x'.repeat(300), money: -1 }, 'not json']) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: concrete(r.url),
          remoteAddress: freshIp(),
          ...(typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/json' } } : { payload }),
        });
        if (res.statusCode >= 500) wrong.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('every API route', () => {
  it('declares the schema of its success answer', () => {
    // The docs pages answer HTML and the document describes itself; everything else answers JSON with a contract.
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((r) => !r.responses.some((code) => /^2(\d\d|XX)$/.test(code))).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
