// The stand-in provider's fault switches (sim/, /sim/faults), reached through the provider's base URL.
// A real provider has no such switches, and the stand-in's controls are unsigned, so they are offered only
// when the provider runs on this machine (a loopback host) and never in a production build; anywhere else the
// back office answers 404.
import { ApiError } from '../../../lib/errors.ts';
import { minorToDecimal } from '../../../../shared/money.ts';
import type { FaultsPatch } from '../../../../shared/schemas/backoffice/wallet-requests.ts';
import type { FaultsView, ProviderFaultsRowView } from '../../../../shared/schemas/backoffice/operations.ts';
import { isLoopbackUrl } from '../../../../shared/fault-switches.ts';

/** The stand-in answers its controls at once; anything slower is a stand-in that is not running. */
const CONTROL_TIMEOUT_MS = 5_000;
/** Balance reads per platform run side by side, at most this many at a time. */
const BALANCE_CONCURRENCY = 4;

/** The switches as the back office's answers declare them (src/shared/schemas/backoffice/operations.ts). */
export type Faults = FaultsView;

interface Answer {
  status: number;
  body: unknown;
}

export class ProviderFaults {
  private readonly baseUrl: string;
  readonly local: boolean;

  private readonly production: boolean;

  /** `production`: a production build never offers the switches, even with the stand-in on loopback. */
  constructor(baseUrl: string, opts: { production?: boolean } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.production = opts.production === true;
    this.local = !this.production && isLoopbackUrl(this.baseUrl);
  }

  private ensureLocal(): void {
    if (this.production) throw new ApiError('not_found', { modal: ['bo.err.provider_production'] });
    if (!this.local) throw new ApiError('not_found', { modal: ['bo.err.provider_not_local'] });
  }

  private async call(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
    this.ensureLocal();
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch {
      throw new ApiError('upstream_failed', { modal: ['bo.err.provider_unreachable'] });
    }
    let parsed: unknown;
    try {
      parsed = await res.json();
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed };
  }

  /** Keeps the switches this page knows about and drops anything else the stand-in may add. */
  private static pick(raw: unknown): Faults {
    const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const num = (key: Exclude<keyof Faults, 'maintenance'>) => {
      const value = src[key];
      return typeof value === 'number' && Number.isFinite(value) ? value : 0;
    };
    return {
      maintenance: src.maintenance === true,
      latencyMs: num('latencyMs'),
      errorRate: num('errorRate'),
      timeoutAfterApplyRate: num('timeoutAfterApplyRate'),
      timeoutBeforeApplyRate: num('timeoutBeforeApplyRate'),
      duplicateDeliveryRate: num('duplicateDeliveryRate'),
      hangMs: num('hangMs'),
    };
  }

  private static expectOk(a: Answer): Record<string, unknown> {
    if (a.status === 404) throw new ApiError('not_found');
    if (a.status === 422) {
      const field = String((a.body as { field?: unknown } | undefined)?.field ?? '_root');
      throw new ApiError('validation_failed', { [field]: ['bo.v.faults.refused'] });
    }
    if (a.status !== 200 || !a.body || typeof a.body !== 'object') throw new ApiError('upstream_failed', { modal: ['bo.err.provider_unreachable'] });
    return a.body as Record<string, unknown>;
  }

  /** Every platform's switches, and how much money the stand-in holds for players there. */
  async list(): Promise<ProviderFaultsRowView[]> {
    const all = ProviderFaults.expectOk(await this.call('GET', '/sim/faults'));
    const codes = Object.keys(all).filter((c) => /^[A-Za-z0-9_-]{1,20}$/.test(c));
    const totals = new Map<string, string | null>();
    const queue = [...codes];
    const work = async () => {
      for (let code = queue.shift(); code; code = queue.shift()) {
        // A total that cannot be read leaves its cell empty; the switches are what this page is for.
        try {
          const a = await this.call('GET', `/sim/balances/${encodeURIComponent(code)}`);
          const total = (a.body as { totalMinor?: unknown } | undefined)?.totalMinor;
          totals.set(code, a.status === 200 && typeof total === 'string' && /^-?\d{1,18}$/.test(total) ? minorToDecimal(BigInt(total)) : null);
        } catch {
          totals.set(code, null);
        }
      }
    };
    await Promise.all(Array.from({ length: BALANCE_CONCURRENCY }, work));
    return codes.map((code) => ({ code, faults: ProviderFaults.pick(all[code]), provider_total: totals.get(code) ?? null }));
  }

  async get(code: string): Promise<Faults> {
    return ProviderFaults.pick(ProviderFaults.expectOk(await this.call('GET', `/sim/faults/${encodeURIComponent(code)}`)));
  }

  async update(code: string, patch: FaultsPatch): Promise<Faults> {
    return ProviderFaults.pick(ProviderFaults.expectOk(await this.call('PUT', `/sim/faults/${encodeURIComponent(code)}`, patch)));
  }

  async reset(): Promise<void> {
    ProviderFaults.expectOk(await this.call('DELETE', '/sim/faults'));
  }
}
