import { describe, expect, it } from 'vitest';
import type { Publisher } from './publisher.ts';
import { invalidatingPublisher } from './session-invalidation.ts';

describe('invalidating publisher', () => {
  it('forgets the cached sessions and player views before passing disconnects and player events on', () => {
    const calls: string[] = [];
    const inner: Publisher = {
      toPlayer: (id, event) => calls.push(`toPlayer ${id} ${event}`),
      toSessions: (ids, event) => calls.push(`toSessions ${ids.join()} ${event}`),
      toSystem: (event) => calls.push(`toSystem ${event}`),
      disconnectSessions: (ids) => calls.push(`disconnect ${ids.join()}`),
    };
    const publisher = invalidatingPublisher(inner, {
      sessionsClosed: (ids) => calls.push(`forget sessions ${ids.join()}`),
      playerChanged: (id) => calls.push(`forget player ${id}`),
    });
    publisher.disconnectSessions([4, 5]);
    publisher.toPlayer(7, 'update-user');
    publisher.toSessions([4], 'kick');
    publisher.toSystem('update-message');
    expect(calls).toEqual([
      'forget sessions 4,5', 'disconnect 4,5',
      'forget player 7', 'toPlayer 7 update-user',
      'toSessions 4 kick',
      'toSystem update-message',
    ]);
  });
});
