// The player-change announcer: a burst of changes goes out as few NOTIFY messages, each player once, none too long
// for PostgreSQL, a change made while a message is on its way is sent after it rather than lost, and messages keep
// a least gap between them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerAnnouncer } from './session-invalidation.ts';
import { MAX_IDS_PER_MESSAGE, parseInvalidation } from './invalidation-channel.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('playerAnnouncer', () => {
  it('sends a burst as one message naming each player once', async () => {
    const sent: string[] = [];
    const announce = playerAnnouncer(
      async (p) => {
        sent.push(p);
      },
      () => {},
    );
    for (const id of [7, 8, 7, 9, 8]) announce(id);
    expect(sent).toEqual([]);
    await tick();
    await tick();
    expect(sent).toEqual(['v:7,8,9']);
  });

  it('splits a large burst into messages PostgreSQL accepts (under 8000 bytes)', async () => {
    const sent: string[] = [];
    const announce = playerAnnouncer(
      async (p) => {
        sent.push(p);
      },
      () => {},
    );
    const ids = Array.from({ length: 2 * MAX_IDS_PER_MESSAGE + 5 }, (_, i) => 1_000_000_000_000 + i);
    for (const id of ids) announce(id);
    for (let i = 0; i < 6; i++) await tick();
    expect(sent).toHaveLength(3);
    for (const p of sent) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(sent.flatMap((p) => parseInvalidation(p)!.ids)).toEqual(ids);
  });

  it('sends what changed while a message was on its way in the next one, and goes on after a failed send', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const warned: string[] = [];
    let first = true;
    const announce = playerAnnouncer(
      (p) => {
        sent.push(p);
        if (first) {
          first = false;
          return new Promise<void>((_, reject) => {
            release = () => reject(new Error('connection lost'));
          });
        }
        return Promise.resolve();
      },
      (_err, msg) => warned.push(msg),
      0,
    );
    announce(1);
    await tick();
    expect(sent).toEqual(['v:1']);
    announce(2);
    announce(3);
    await tick();
    expect(sent).toEqual(['v:1']);
    release();
    for (let i = 0; i < 4; i++) await tick();
    expect(sent).toEqual(['v:1', 'v:2,3']);
    expect(warned).toEqual(['could not announce a player change']);
    announce(4);
    for (let i = 0; i < 4; i++) await tick();
    expect(sent).toEqual(['v:1', 'v:2,3', 'v:4']);
  });
});

describe('playerAnnouncer gap', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most one message a gap: what changes within it waits and goes out together, a quiet spell sends at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const sent: string[] = [];
    const announce = playerAnnouncer(
      async (p) => {
        sent.push(p);
      },
      () => {},
      250,
    );
    announce(1);
    await tick();
    await tick();
    expect(sent).toEqual(['v:1']);
    announce(2);
    await tick();
    announce(3);
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toEqual(['v:1']);
    await vi.advanceTimersByTimeAsync(1);
    await tick();
    expect(sent).toEqual(['v:1', 'v:2,3']);
    // Long after the last message, the next change goes out in the next tick.
    await vi.advanceTimersByTimeAsync(1_000);
    announce(4);
    await tick();
    await tick();
    expect(sent).toEqual(['v:1', 'v:2,3', 'v:4']);
  });
});

describe('parseInvalidation', () => {
  it('reads sessions, players and answers, and nothing else', () => {
    expect(parseInvalidation('s:5')).toEqual({ field: 'sessionId', ids: [5] });
    expect(parseInvalidation('p:6')).toEqual({ field: 'playerId', ids: [6] });
    expect(parseInvalidation('v:1,2,3')).toEqual({ field: 'view', ids: [1, 2, 3] });
    for (const bad of ['', 'x:1', 'p:', 'p:1,', 'v:1;2', `v:${Array.from({ length: MAX_IDS_PER_MESSAGE + 1 }, (_, i) => i).join(',')}`]) {
      expect(parseInvalidation(bad)).toBeUndefined();
    }
  });
});
