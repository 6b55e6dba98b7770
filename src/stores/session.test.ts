// loadUser's sharing of requests: a call made while a request is on its way must not be answered by that request alone.
import { afterEach, describe, expect, it, vi } from 'vitest';

const answers: Array<(user: unknown) => void> = [];
vi.mock('./api.ts', () => ({
  api: vi.fn(() => new Promise((resolve) => { answers.push(resolve); })),
  ApiFailure: class ApiFailure extends Error {},
}));
vi.mock('./realtime.ts', () => ({ closeRealtime: vi.fn(), onRealtime: vi.fn(), setRealtimeToken: vi.fn() }));
vi.mock('./auth-state.ts', async (original) => ({ ...(await original<typeof import('./auth-state.ts')>()), write: vi.fn() }));

const { api } = await import('./api.ts');
const { $token, $user } = await import('./auth-state.ts');
const { loadUser } = await import('./session.ts');

const user = (amount: string) => ({ account: 'demo1234', amount, status_force_password: 0 });

describe('loadUser', () => {
  afterEach(() => { answers.length = 0; vi.mocked(api).mockClear(); });

  it('asks once more after the request on its way when called meanwhile, and shares that request', async () => {
    vi.stubGlobal('window', { location: { pathname: '/', assign: vi.fn() } });
    $token.set('token');
    const first = loadUser();
    // The socket announces a win while the first request is out: its answer may predate the win.
    const second = loadUser();
    const third = loadUser();
    expect(second).toBe(third);
    expect(api).toHaveBeenCalledTimes(1);
    answers[0]!(user('998.00'));
    await first;
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    answers[1]!(user('999.60'));
    await second;
    expect($user.get()).toMatchObject({ amount: '999.60' });
    expect(api).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it('sends one request when nothing else calls meanwhile', async () => {
    vi.stubGlobal('window', { location: { pathname: '/', assign: vi.fn() } });
    $token.set('token');
    const only = loadUser();
    answers[0]!(user('5.00'));
    await only;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
