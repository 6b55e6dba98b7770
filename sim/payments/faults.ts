// Fault switches of the PayBridge stand-in, set through PUT /sim/gateway/faults. They live in memory.
import { cryptoRng, inRange, isSeed, seededRng, type Rng } from '../faults.ts';

export interface GatewayFaults {
  /** Each automatic callback attempt is lost before reaching the merchant (a failed attempt, retried), 0..1. */
  callbackFailRate: number;
  /** Added before each automatic callback attempt, 0..30000. */
  callbackDelayMs: number;
  /** Signed merchant calls (create and query) answer 500 INTERNAL without effect, 0..1. */
  orderErrorRate: number;
  /** null: crypto randomness; a number or string: deterministic rolls from that seed. */
  seed: number | string | null;
}

export const DEFAULT_GATEWAY_FAULTS: Readonly<GatewayFaults> = Object.freeze({
  callbackFailRate: 0,
  callbackDelayMs: 0,
  orderErrorRate: 0,
  seed: null,
});

const RANGES: Record<string, [number, number, boolean]> = {
  callbackFailRate: [0, 1, false],
  callbackDelayMs: [0, 30_000, true],
  orderErrorRate: [0, 1, false],
};

export function parseGatewayFaultsPatch(input: unknown): { ok: true; patch: Partial<GatewayFaults> } | { ok: false; field: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, field: 'body' };
  const patch: Partial<GatewayFaults> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (key in RANGES) {
      if (!inRange(value, RANGES[key]!)) return { ok: false, field: key };
      (patch as Record<string, number>)[key] = value;
    } else if (key === 'seed') {
      if (!isSeed(value)) return { ok: false, field: key };
      patch.seed = value;
    } else {
      return { ok: false, field: key };
    }
  }
  return { ok: true, patch };
}

export class GatewayFaultSwitch {
  current: GatewayFaults = { ...DEFAULT_GATEWAY_FAULTS };
  private rng: Rng = cryptoRng;

  update(patch: Partial<GatewayFaults>): GatewayFaults {
    this.current = { ...this.current, ...patch };
    if ('seed' in patch) this.rng = this.current.seed === null ? cryptoRng : seededRng(this.current.seed);
    return this.current;
  }

  reset(): GatewayFaults {
    this.current = { ...DEFAULT_GATEWAY_FAULTS };
    this.rng = cryptoRng;
    return this.current;
  }

  /** True with probability `rate`; a rate of 0 never draws, so it does not move a seeded stream. */
  roll(rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    return this.rng() < rate;
  }
}
