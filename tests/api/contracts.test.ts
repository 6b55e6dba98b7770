// Contracts every route keeps, checked over the app's own route list so a new route cannot forget them:
// an anonymous caller gets 401 before any validation (never 422 about a body it may not send).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

/**
 * The routes anyone may call, as `METHOD path`. Everything else under /api needs a player or a staff session.
 * Adding a route here is a decision about who may call it: say why in the route.
 */
const PUBLIC = new Set([
  'GET /api/health', 'GET /api/ready', 'GET /api/openapi.json',
  'POST /api/auth/login', 'POST /api/auth/register', 'PUT /api/send/phone',
  // Password recovery and the phone-code login are for players who cannot sign in.
  'POST /api/auth/sendPhoneVerification', 'POST /api/auth/ifPlayerExist', 'POST /api/auth/verifyPhoneCode',
  'PUT /api/auth/updatePasswordByForget', 'POST /api/auth/phoneLogin',
  'GET /api/system/settings', 'GET /api/system/messages', 'GET /api/website/status', 'GET /api/checkIpBlack',
  'GET /api/activity/getRecommendedCode',
  'GET /api/games/platform/all', 'GET /api/platforms/status', 'GET /api/games/list', 'GET /api/demo/link/:code',
  'POST /api/payments/paybridge/callback',
  // Gift pictures of the points mall are catalogue images, like game thumbnails.
  'GET /api/exchange/image/:id',
  'POST /api/backoffice/auth/login',
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
          method: r.method as 'GET', url, remoteAddress: freshIp(),
          ...(payload === undefined ? {} : typeof payload === 'string'
            ? { payload, headers: { 'content-type': 'application/json' } }
            : { payload }),
        });
        if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        else expect(res.json()).toMatchObject({ status: 'error' });
      }
    }
    expect(wrong).toEqual([]);
  });
});
