import { describe, expect, it } from 'vitest';
import { parseKillPoints } from './fault-kill.ts';

describe('crash points of the fault tests', () => {
  it('are armed only in test mode, with the probabilities asked for', () => {
    const env = { FAULT_KILL_POINTS: 'after_commit=0.25, in_subscriber=1, in_job=2' };
    expect([...parseKillPoints({ ...env, NODE_ENV: 'test' })]).toEqual([
      ['after_commit', 0.25],
      ['in_subscriber', 1],
      ['in_job', 1],
    ]);
    expect(parseKillPoints({ ...env, NODE_ENV: 'production' }).size).toBe(0);
    expect(parseKillPoints({ ...env, NODE_ENV: 'development' }).size).toBe(0);
    expect(parseKillPoints({ ...env }).size).toBe(0);
  });

  it('leave out unknown points and probabilities that are not numbers above zero', () => {
    const points = parseKillPoints({ NODE_ENV: 'test', FAULT_KILL_POINTS: 'nowhere=0.5,after_commit=x,in_job=0,in_subscriber=0.1' });
    expect([...points]).toEqual([['in_subscriber', 0.1]]);
  });
});
