import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.ts';

type Events = { 'thing.done': { id: number }; 'other.done': { name: string } };

describe('event bus', () => {
  it('runs the subscribers of an event in order, each awaited, and only those of that event', async () => {
    const seen: string[] = [];
    const bus = createEventBus<Events>(() => undefined);
    bus.on('thing.done', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`a${e.id}`);
    });
    bus.on('thing.done', (e) => {
      seen.push(`b${e.id}`);
    });
    bus.on('other.done', (e) => {
      seen.push(e.name);
    });
    await bus.publish('thing.done', { id: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('logs a failing subscriber and still runs the next one, without failing the publisher', async () => {
    const failures: Array<{ event: string; subscriber: string; message: string }> = [];
    const bus = createEventBus<Events>((err, ctx) => failures.push({ ...ctx, message: (err as Error).message }));
    const seen: number[] = [];
    bus.on(
      'thing.done',
      () => {
        throw new Error('boom');
      },
      'breaks',
    );
    bus.on('thing.done', async () => {
      throw new Error('async boom');
    });
    bus.on('thing.done', (e) => {
      seen.push(e.id);
    });
    await expect(bus.publish('thing.done', { id: 7 })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(failures).toEqual([
      { event: 'thing.done', subscriber: 'breaks', message: 'boom' },
      { event: 'thing.done', subscriber: 'thing.done#2', message: 'async boom' },
    ]);
  });

  it('publishes an event nobody subscribed to without complaint', async () => {
    const bus = createEventBus<Events>(() => {
      throw new Error('not expected');
    });
    await expect(bus.publish('other.done', { name: 'x' })).resolves.toBeUndefined();
  });
});
