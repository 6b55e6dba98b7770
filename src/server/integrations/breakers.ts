// Circuit breakers in front of every outside system (game providers, the payment gateway, seamless launches, SMS),
// one per system and instance, from the opossum library. Each call keeps its own time-out (signed-http.ts, the SMS
// driver); the breaker counts time-outs, network failures and 5xx answers, opens when too many of the recent calls
// failed, answers at once while open (the call is not sent: nothing hammers a system that is down, and nobody waits
// on it), lets one probe call through after resetMs (half open) and closes again when that call succeeds.
import CircuitBreaker from 'opossum';
import { BREAKER_FAILURE_KINDS, BREAKER_STATES } from '../../shared/schemas/backoffice/operations.ts';

/** A breaker's state as metrics and the back office name it. */
export { BREAKER_STATES };
export type BreakerState = (typeof BREAKER_STATES)[number];

export interface BreakerSettings {
  /** Percent of the calls in the rolling window that must have failed before the breaker opens. */
  errorPercent: number;
  /** Calls the window must hold before the percentage counts (a single failure of a quiet system opens nothing). */
  volume: number;
  /** How long the breaker stays open before it lets one probe call through. */
  resetMs: number;
}

/** The breaker was open: the call was not sent, so it changed nothing at the other end. */
export class CircuitOpenError extends Error {
  readonly breaker: string;
  constructor(breaker: string) {
    super(`circuit open: ${breaker}`);
    this.name = 'CircuitOpenError';
    this.breaker = breaker;
  }
}

/** Carries an answer the caller receives as it is, while the breaker counts it as a failure (a 5xx). */
class FailedAnswer<T> extends Error {
  readonly answer: T;
  constructor(answer: T) {
    super('failed answer');
    this.answer = answer;
  }
}

/** The window over which failures are counted. */
const ROLLING_WINDOW_MS = 10_000;
/** Breakers one instance keeps at most: one per outside system and platform code, a few dozen in practice. */
const MAX_BREAKERS = 500;

/** Why a call counted as a failure: an answer of 5xx, no answer within the call's budget, or no connection at all. */
export type FailureKind = (typeof BREAKER_FAILURE_KINDS)[number];

/** One failed call as the back office lists it: when, why, and the HTTP status of a 5xx answer. */
export interface FailureView {
  at: string;
  kind: FailureKind;
  status: number | null;
}

/** Failures one breaker remembers for the back office: the newest few say enough about what is going on. */
const RECENT_FAILURES_MAX = 5;

export interface BreakerView {
  name: string;
  state: BreakerState;
  /** When the breaker entered its state (its first use, for one that never left closed). */
  since: string;
  /** Counts over the rolling window. */
  failures: number;
  rejects: number;
  successes: number;
  /** The newest failures, newest first. */
  recent: FailureView[];
}

/** How a rejection of a call is named: a 5xx answer, a time-out (AbortSignal.timeout's TimeoutError), or the network. */
function failureOf(err: unknown): { kind: FailureKind; status: number | null } {
  if (err instanceof FailedAnswer) {
    const status = (err.answer as { status?: unknown } | null)?.status;
    return { kind: 'server_error', status: typeof status === 'number' ? status : null };
  }
  const name = (err as { name?: string } | null)?.name;
  return { kind: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', status: null };
}

interface Tracked {
  breaker: CircuitBreaker<Parameters<Action>, unknown>;
  since: number;
  recent: FailureView[];
}

type Action = (fn: () => Promise<unknown>, isFailure: (answer: unknown) => boolean) => Promise<unknown>;

export class Breakers {
  private readonly settings: BreakerSettings;
  private readonly breakers = new Map<string, Tracked>();
  private readonly onChange: (name: string, state: BreakerState) => void;

  constructor(settings: BreakerSettings, onChange: (name: string, state: BreakerState) => void = () => {}) {
    this.settings = settings;
    this.onChange = onChange;
  }

  private breaker(name: string): CircuitBreaker<Parameters<Action>, unknown> {
    const known = this.breakers.get(name);
    if (known) return known.breaker;
    if (this.breakers.size >= MAX_BREAKERS) throw new Error(`too many circuit breakers (${MAX_BREAKERS})`);
    const action: Action = async (fn, isFailure) => {
      const answer = await fn();
      if (isFailure(answer)) throw new FailedAnswer(answer);
      return answer;
    };
    const b = new CircuitBreaker(action, {
      // The call's own time-out applies (it aborts the request); opossum's would leave it running.
      timeout: false,
      errorThresholdPercentage: this.settings.errorPercent,
      volumeThreshold: this.settings.volume,
      resetTimeout: this.settings.resetMs,
      rollingCountTimeout: ROLLING_WINDOW_MS,
    });
    const tracked: Tracked = { breaker: b, since: Date.now(), recent: [] };
    const changed = (state: BreakerState) => {
      tracked.since = Date.now();
      this.onChange(name, state);
    };
    b.on('open', () => changed('open'));
    b.on('halfOpen', () => changed('half_open'));
    b.on('close', () => changed('closed'));
    b.on('failure', (err: unknown) => {
      tracked.recent.unshift({ at: new Date().toISOString(), ...failureOf(err) });
      tracked.recent.length = Math.min(tracked.recent.length, RECENT_FAILURES_MAX);
    });
    this.breakers.set(name, tracked);
    return b;
  }

  /**
   * Runs fn through the named breaker. A rejection or an answer isFailure calls a failure counts against it; the
   * answer itself still goes back to the caller. Throws CircuitOpenError, without calling fn, while the breaker is open.
   */
  async call<T>(name: string, fn: () => Promise<T>, isFailure: (answer: T) => boolean = () => false): Promise<T> {
    const b = this.breaker(name);
    try {
      return (await b.fire(fn, isFailure as (answer: unknown) => boolean)) as T;
    } catch (err) {
      if (err instanceof FailedAnswer) return err.answer as T;
      if ((err as { code?: string }).code === 'EOPENBREAKER') throw new CircuitOpenError(name);
      throw err;
    }
  }

  /** Every breaker this instance has used, by name. */
  list(): BreakerView[] {
    return [...this.breakers.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { breaker: b, since, recent }]) => {
        const stats = b.stats;
        return {
          name,
          state: b.opened ? 'open' : b.halfOpen ? 'half_open' : 'closed',
          since: new Date(since).toISOString(),
          failures: stats.failures,
          rejects: stats.rejects,
          successes: stats.successes,
          recent: [...recent],
        };
      });
  }

  /** Stops the breakers' timers (shutdown). */
  shutdown(): void {
    for (const { breaker } of this.breakers.values()) breaker.shutdown();
  }
}

/** A breaker board for code that is given none (unit tests, scripts): settings that open only on a real outage. */
export function defaultBreakers(): Breakers {
  return new Breakers({ errorPercent: 50, volume: 10, resetMs: 30_000 });
}
