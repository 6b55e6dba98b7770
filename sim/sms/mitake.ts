// Mitake's stand-in under /mitake, speaking its dialect: POST /api/mtk/SmSend (form: username, password, dstaddr,
// smbody, clientid, response) answered in key=value lines; a clientid seen in the last 12 hours is answered
// Duplicate=Y with the first msgid and sends nothing; a receipt goes to the response URL as a GET with msgid, dstaddr,
// dlvtime, donetime, statusstr, statuscode and StatusFlag, re-sent until it is answered magicid=sms_gateway_rpack;
// POST /api/mtk/SmQuery answers AccountPoint. The paused switch answers statuscode=r.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SWITCHES, fateOf, formOf, type GatewaySwitches, type Phones } from './phone.ts';

const DUPLICATE_WINDOW_MS = 12 * 60 * 60 * 1000;
/** Times a receipt is sent before the stand-in gives up on it, and the wait between. */
const RECEIPT_TRIES = 5;
const RECEIPT_RETRY_MS = 500;
/** The fates as Mitake's receipt writes them: StatusFlag and statusstr. */
const RECEIPT: Record<string, { flag: string; str: string }> = {
  delivered: { flag: '4', str: 'DELIVRD' },
  no_such_number: { flag: '6', str: 'UNDELIV' },
  phone_off: { flag: '8', str: 'EXPIRED' },
};

export class MitakeSim {
  switches: GatewaySwitches = { ...DEFAULT_SWITCHES };
  points = 1000;
  username = 'site';
  password = 'dev-mitake-password';
  private seq = 1_010_079_521;
  private readonly clientIds = new Map<string, { msgid: string; at: number }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  readonly stats = { requests: 0, taken: 0, duplicates: 0, receiptsSent: 0, receiptsAnswered: 0 };
  /** Receipts the site acknowledged, by phone: a test reads its own phone's, which no other test's late retry moves. */
  readonly receiptsAnsweredByPhone = new Map<string, number>();
  private readonly phones: Phones;

  constructor(phones: Phones) {
    this.phones = phones;
  }

  /** The answer to one SmSend, and whether it waits (a lost answer). */
  send(form: Record<string, string>): { status: number; text: string; hangMs: number } {
    this.stats.requests++;
    const lines = (...l: string[]) => ({ status: 200, text: `[1]\r\n${l.join('\r\n')}\r\n`, hangMs: 0 });
    if (this.switches.failNext > 0) {
      this.switches.failNext--;
      return { status: 500, text: 'Internal Server Error', hangMs: 0 };
    }
    if (form.username !== this.username || form.password !== this.password) return lines('statuscode=e', 'Error=帳號、密碼錯誤');
    if (this.switches.paused) return lines('statuscode=r', 'Error=系統暫停服務，請稍後再試');
    if (!/^09\d{8}$/.test(form.dstaddr ?? '')) return lines('statuscode=v', 'Error=無效的手機號碼');
    if (!form.smbody) return lines('statuscode=u', 'Error=簡訊內容不得為空白');
    if (this.points <= 0) return lines('statuscode=s', 'Error=帳務處理失敗，無法發送簡訊');
    const clientId = form.clientid ?? '';
    const seen = clientId ? this.clientIds.get(clientId) : undefined;
    if (seen && Date.now() - seen.at < DUPLICATE_WINDOW_MS) {
      this.stats.duplicates++;
      return lines(`msgid=${seen.msgid}`, 'statuscode=1', `AccountPoint=${this.points}`, 'Duplicate=Y');
    }
    const msgid = String(++this.seq).padStart(10, '0');
    if (clientId) this.clientIds.set(clientId, { msgid, at: Date.now() });
    this.points--;
    this.stats.taken++;
    this.phones.receive({ gateway: 'mitake', phone: form.dstaddr, body: form.smbody, ref: msgid });
    if (form.response) this.later(() => this.receipt(form.response, msgid, form.dstaddr), this.switches.receiptDelayMs);
    const hangMs = this.switches.hangNext > 0 ? (this.switches.hangNext--, this.switches.hangMs) : 0;
    return { ...lines(`msgid=${msgid}`, 'statuscode=1', `AccountPoint=${this.points}`), hangMs };
  }

  private later(fn: () => Promise<void>, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void fn();
    }, ms);
    this.timers.add(timer);
  }

  private async receipt(url: string, msgid: string, phone: string, attempt = 1): Promise<void> {
    const r = RECEIPT[fateOf(phone)];
    const now = stamp(new Date());
    const query = new URLSearchParams({ msgid, dstaddr: phone, dlvtime: now, donetime: now, statusstr: r.str, statuscode: '0', StatusFlag: r.flag });
    this.stats.receiptsSent++;
    try {
      const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}${query}`, { signal: AbortSignal.timeout(5000) });
      if ((await res.text()).startsWith('magicid=sms_gateway_rpack')) {
        this.stats.receiptsAnswered++;
        this.receiptsAnsweredByPhone.set(phone, (this.receiptsAnsweredByPhone.get(phone) ?? 0) + 1);
        return;
      }
    } catch {
      // The site did not answer: the receipt is sent again below, as Mitake does.
    }
    if (attempt < RECEIPT_TRIES) this.later(() => this.receipt(url, msgid, phone, attempt + 1), RECEIPT_RETRY_MS);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** Mitake's times: YYYYMMDDHHMMSS in Taiwan's time (UTC+8). */
function stamp(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function registerMitake(app: FastifyInstance, sim: MitakeSim): void {
  app.post('/mitake/api/mtk/SmSend', async (req, reply) => {
    const answer = sim.send(formOf(req.body));
    if (answer.hangMs > 0) await new Promise((r) => setTimeout(r, answer.hangMs));
    return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.text);
  });
  app.post('/mitake/api/mtk/SmQuery', async (req, reply) => {
    const form = formOf(req.body);
    const ok = form.username === sim.username && form.password === sim.password;
    return reply.type('text/plain; charset=utf-8').send(ok ? `AccountPoint=${sim.points}` : 'statuscode=e\r\nError=帳號、密碼錯誤');
  });
}
