// loadUser's sharing of requests: a call made while a request is on its way must not be answered by that request alone.
import { afterEach, describe, expect, it, vi } from 'vitest';

const answers: Array<(user: unknown) => void> = [];
vi.mock('./api.ts', () => ({
  api: vi.fn(
    () =>
      new Promise((resolve) => {
        answers.push(resolve);
      }),
  ),
  ApiFailure: class ApiFailure extends Error {},
}));
vi.mock('./realtime.ts', () => ({ closeRealtime: vi.fn(), onRealtime: vi.fn(), setRealtimeToken: vi.fn() }));
vi.mock('./auth-state.ts', async (original) => ({ ...(await original<typeof import('./auth-state.ts')>()), write: vi.fn() }));

const { api } = await import('./api.ts');
const { $token, $user } = await import('./auth-state.ts');
const { loadUser } = await import('./session.ts');

const user = (amount: string) => ({ account: 'demo1234', amount, status_force_password: 0 });

describe('loadUser', () => {
  afterEach(() => {
    answers.length = 0;
    vi.mocked(api).mockClear();
  });

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

  it('asks the server for a fresh answer after a change, and takes the kept one only for the poll and the first load', async () => {
    vi.stubGlobal('window', { location: { pathname: '/', assign: vi.fn() } });
    $token.set('token');
    const fresh = { headers: { 'cache-control': 'no-cache' } };
    const poll = loadUser({ cached: true });
    expect(vi.mocked(api).mock.calls[0]).toEqual(['GET /auth/me', {}]);
    // A poll queued behind the first stays a poll; a change announced meanwhile makes the queued request fresh.
    const queued = loadUser({ cached: true });
    expect(loadUser()).toBe(queued);
    answers[0]!(user('1.00'));
    await poll;
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api).mock.calls[1]).toEqual(['GET /auth/me', fresh]);
    answers[1]!(user('2.00'));
    await queued;
    // Only polls queued: the next request takes the kept answer.
    const next = loadUser();
    expect(vi.mocked(api).mock.calls[2]).toEqual(['GET /auth/me', fresh]);
    const polls = loadUser({ cached: true });
    answers[2]!(user('3.00'));
    await next;
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(4));
    expect(vi.mocked(api).mock.calls[3]).toEqual(['GET /auth/me', {}]);
    answers[3]!(user('3.00'));
    await polls;
    vi.unstubAllGlobals();
  });
});
