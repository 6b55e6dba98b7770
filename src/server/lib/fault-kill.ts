// Crash points for the fault tests (tests/fault/outbox-crash.test.ts): places where a process dying is the hardest
// case for what must survive it — after a publisher's transaction committed but before its events were delivered,
// after a subscriber's effect committed but before its delivery was marked, inside a scheduled job's run. Killing
// the process from outside only hits such a moment by luck; here the process kills itself there, with the
// probability the test asked for, by SIGKILL, so nothing of it runs afterwards (no finally, no exit handler).
//
// Honoured only when NODE_ENV is exactly 'test' and FAULT_KILL_POINTS is set, e.g.
// `FAULT_KILL_POINTS=after_commit=0.05,in_subscriber=0.1`. A production or development server never reads it, and
// the check costs one lookup in a map that is empty there.

export const KILL_POINTS = ['after_commit', 'in_subscriber', 'in_job'] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

/** Each point's probability (0 to 1) of killing the process when reached; parsed once. */
export function parseKillPoints(env: { NODE_ENV?: string | undefined; FAULT_KILL_POINTS?: string | undefined }): Map<KillPoint, number> {
  const points = new Map<KillPoint, number>();
  if (env.NODE_ENV !== 'test' || !env.FAULT_KILL_POINTS) return points;
  for (const part of env.FAULT_KILL_POINTS.split(',')) {
    const [name, chance] = part.split('=').map((s) => s.trim());
    const probability = Number(chance);
    const point = KILL_POINTS.find((p) => p === name);
    if (point && Number.isFinite(probability) && probability > 0) points.set(point, Math.min(probability, 1));
  }
  return points;
}

const armed = parseKillPoints(process.env);

/** Kills this process here, with the probability set for this point, when a fault test armed it. */
export function killPoint(point: KillPoint): void {
  const probability = armed.get(point);
  if (probability === undefined || Math.random() >= probability) return;
  // Written synchronously, so the test can count which points were hit before the signal lands.
  process.stderr.write(`fault-kill ${point}\n`);
  process.kill(process.pid, 'SIGKILL');
}
