// What both SMS stand-ins share: the phones (every message that reached one, which the demo and tests read), the fate
// of a message by the number it goes to, and each gateway's switches.

/** A message that reached a phone. */
export interface Received {
  gateway: 'mitake' | 'every8d';
  phone: string;
  body: string;
  /** The gateway's id of the message (Mitake msgid, EVERY8D batch id). */
  ref: string;
  at: string;
}

/** What becomes of a message, chosen by the number's last four digits so tests can ask for each. */
export type Fate = 'delivered' | 'no_such_number' | 'phone_off';

export function fateOf(phone: string): Fate {
  if (phone.endsWith('0000')) return 'no_such_number';
  if (phone.endsWith('1111')) return 'phone_off';
  return 'delivered';
}

export interface GatewaySwitches {
  /** Answer every send with the gateway's "paused" status. */
  paused: boolean;
  /** Take the next n messages (they reach the phone) but answer each only after hangMs: a lost answer. */
  hangNext: number;
  hangMs: number;
  /** Answer the next n requests with HTTP 500 and take nothing. */
  failNext: number;
  /** How long after a message is taken its receipt is sent (Mitake) or its report says more than "at the carrier". */
  receiptDelayMs: number;
}

export const DEFAULT_SWITCHES: GatewaySwitches = { paused: false, hangNext: 0, hangMs: 2000, failNext: 0, receiptDelayMs: 100 };

/** Messages the phones keep at most (the oldest go first). */
export const INBOX_MAX = 2000;

export class Phones {
  readonly inbox: Received[] = [];

  receive(r: Omit<Received, 'at'>): void {
    this.inbox.push({ ...r, at: new Date().toISOString() });
    if (this.inbox.length > INBOX_MAX) this.inbox.splice(0, this.inbox.length - INBOX_MAX);
  }

  of(phone: string): Received[] {
    return this.inbox.filter((r) => r.phone === phone);
  }
}

/** Reads a form body (the stand-ins' bodies arrive as text). */
export function formOf(body: unknown): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
}

/** Switches from a control call: only known keys of the right type, bounded. */
export function switchesPatch(input: unknown): Partial<GatewaySwitches> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const patch: Partial<GatewaySwitches> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'paused' && typeof value === 'boolean') patch.paused = value;
    else if ((key === 'hangNext' || key === 'failNext') && Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000)
      patch[key] = value as number;
    else if ((key === 'hangMs' || key === 'receiptDelayMs') && Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 60_000)
      patch[key] = value as number;
    else if (key !== 'credit') return undefined;
  }
  return patch;
}
