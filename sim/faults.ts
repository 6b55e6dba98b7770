// Fault switches per platform, set by tests and the back office through /sim/faults.
// Rolls use crypto randomness unless a seed is set, then a seeded sfc32 stream (same seed, same rolls).
import { createHash, randomInt } from 'node:crypto';

export interface Faults {
  /** Added before handling every provider call, 0..30000. */
  latencyMs: number;
  /** Every provider call: answer 500 INTERNAL without applying, 0..1. */
  errorRate: number;
  /** POST /transfers: apply and persist, then hold hangMs and destroy the socket, 0..1. */
  timeoutAfterApplyRate: number;
  /** POST /transfers: hold hangMs and destroy the socket without applying, 0..1. */
  timeoutBeforeApplyRate: number;
  /** POST /transfers: process the request twice, as if delivered twice, 0..1. */
  duplicateDeliveryRate: number;
  /** Every provider call answers 503 MAINTENANCE. */
  maintenance: boolean;
  /** How long a timeout fault holds the connection, 0..600000. */
  hangMs: number;
  /** null: crypto randomness; a number or string: deterministic rolls from that seed. */
  seed: number | string | null;
  /**
   * GET /bets: null is off. N: the bet log serves N more records (the page that reaches N is cut short
   * there), then the next GET /bets answers 500 INTERNAL once and the switch goes back to null. It
   * counts down as records are served, so reading it shows what is left.
   */
  betLogFailAfter: number | null;
}

export const DEFAULT_FAULTS: Readonly<Faults> = Object.freeze({
  latencyMs: 0,
  errorRate: 0,
  timeoutAfterApplyRate: 0,
  timeoutBeforeApplyRate: 0,
  duplicateDeliveryRate: 0,
  maintenance: false,
  hangMs: 10_000,
  seed: null,
  betLogFailAfter: null,
});

const RANGES: Record<string, [number, number, boolean]> = {
  latencyMs: [0, 30_000, true],
  hangMs: [0, 600_000, true],
  errorRate: [0, 1, false],
  timeoutAfterApplyRate: [0, 1, false],
  timeoutBeforeApplyRate: [0, 1, false],
  duplicateDeliveryRate: [0, 1, false],
};

/** A fault switch's number: finite, within [min, max], and whole where the range says so. */
export function inRange(value: unknown, [min, max, integer]: [number, number, boolean]): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
}

/** A seed for repeatable rolls: a finite number or a string, or null for crypto randomness. */
export function isSeed(value: unknown): value is number | string | null {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Checks a PUT body; returns the field in error, or the partial update. */
export function parseFaultsPatch(input: unknown): { ok: true; patch: Partial<Faults> } | { ok: false; field: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, field: 'body' };
  const patch: Partial<Faults> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (key in RANGES) {
      if (!inRange(value, RANGES[key]!)) return { ok: false, field: key };
      (patch as Record<string, number>)[key] = value;
    } else if (key === 'maintenance') {
      if (typeof value !== 'boolean') return { ok: false, field: key };
      patch.maintenance = value;
    } else if (key === 'betLogFailAfter') {
      if (value !== null && !(typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000)) {
        return { ok: false, field: key };
      }
      patch.betLogFailAfter = value as number | null;
    } else if (key === 'seed') {
      if (!isSeed(value)) return { ok: false, field: key };
      patch.seed = value;
    } else {
      return { ok: false, field: key };
    }
  }
  return { ok: true, patch };
}

export type Rng = () => number;

/** Uniform in [0, 1). */
export const cryptoRng: Rng = () => randomInt(0, 2 ** 48 - 1) / 2 ** 48;

/** sfc32 seeded from SHA-256 of the seed's string form. */
export function seededRng(seed: number | string): Rng {
  const h = createHash('sha256').update(String(seed)).digest();
  let a = h.readUInt32LE(0),
    b = h.readUInt32LE(4),
    c = h.readUInt32LE(8),
    d = h.readUInt32LE(12);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** One platform's switches and its random stream. */
export class FaultSwitch {
  current: Faults = { ...DEFAULT_FAULTS };
  private rng: Rng = cryptoRng;

  update(patch: Partial<Faults>): Faults {
    this.current = { ...this.current, ...patch };
    // Setting a seed (again) restarts its stream; null goes back to crypto randomness.
    if ('seed' in patch) this.rng = this.current.seed === null ? cryptoRng : seededRng(this.current.seed);
    return this.current;
  }

  reset(): void {
    this.current = { ...DEFAULT_FAULTS };
    this.rng = cryptoRng;
  }

  /** True with probability `rate`; a rate of 0 never draws, so it does not move a seeded stream. */
  roll(rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    return this.rng() < rate;
  }
}
