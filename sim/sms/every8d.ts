// EVERY8D's stand-in under /every8d, speaking its API 2.1: POST /API21/HTTP/sendSMS.ashx (UID, PWD, SB, MSG, DEST, ST,
// RETRYTIME) answered CREDIT,SENDED,COST,UNSEND,BATCH_ID, or -code,message when it does not process the command;
// getDeliveryStatus.ashx (BID) answers the count line and NAME, MOBILE, SEND_TIME, COST, STATUS per message (0 at the
// carrier until receiptDelayMs has passed, then 100, 101 or 103 by the number); getCredit.ashx answers the credit. The
// negative codes are the stand-in's own (EVERY8D's table is not public): -1 wrong account, -2 bad number, -3 empty
// message, -99 sending paused.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SWITCHES, fateOf, formOf, type GatewaySwitches, type Phones } from './phone.ts';

const STATUS = { delivered: 100, phone_off: 101, no_such_number: 103 } as const;
/** Batches the stand-in remembers for reports. */
const BATCHES_MAX = 5000;

export class Every8dSim {
  switches: GatewaySwitches = { ...DEFAULT_SWITCHES };
  credit = 1000;
  uid = 'site';
  pwd = 'dev-every8d-password';
  private readonly batches = new Map<string, { phone: string; subject: string; at: number }>();
  readonly stats = { requests: 0, taken: 0, reports: 0 };
  private readonly phones: Phones;

  constructor(phones: Phones) {
    this.phones = phones;
  }

  private authorised(form: Record<string, string>): boolean {
    return form.UID === this.uid && form.PWD === this.pwd;
  }

  send(form: Record<string, string>): { status: number; text: string; hangMs: number } {
    this.stats.requests++;
    const line = (text: string) => ({ status: 200, text, hangMs: 0 });
    if (this.switches.failNext > 0) {
      this.switches.failNext--;
      return { status: 500, text: 'Internal Server Error', hangMs: 0 };
    }
    if (!this.authorised(form)) return line('-1,帳號或密碼錯誤');
    if (this.switches.paused) return line('-99,系統暫停服務，請稍後再試');
    const phone = (form.DEST ?? '').replace(/^\+886/, '0');
    if (!/^09\d{8}$/.test(phone)) return line('-2,手機號碼格式錯誤');
    if (!form.MSG) return line('-3,簡訊內容不得為空白');
    const batchId = randomUUID().toUpperCase();
    if (this.credit < 1) return line(`${this.credit.toFixed(1)},0,0,1,${batchId}`);
    this.credit -= 1;
    this.stats.taken++;
    this.batches.set(batchId, { phone, subject: form.SB ?? '', at: Date.now() });
    if (this.batches.size > BATCHES_MAX) this.batches.delete(this.batches.keys().next().value!);
    this.phones.receive({ gateway: 'every8d', phone, body: form.MSG, ref: batchId });
    const hangMs = this.switches.hangNext > 0 ? (this.switches.hangNext--, this.switches.hangMs) : 0;
    return { status: 200, text: `${this.credit.toFixed(1)},1,1,0,${batchId}`, hangMs };
  }

  report(form: Record<string, string>): string {
    this.stats.reports++;
    if (!this.authorised(form)) return '-1,帳號或密碼錯誤';
    const batch = this.batches.get(form.BID ?? '');
    if (!batch) return '0\n';
    const done = Date.now() - batch.at >= this.switches.receiptDelayMs;
    const status = done ? STATUS[fateOf(batch.phone)] : 0;
    const sentAt = new Date(batch.at + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19).replace(/-/g, '/');
    return `1\n${batch.subject}\t${batch.phone}\t${sentAt}\t1\t${status}\n`;
  }
}

export function registerEvery8d(app: FastifyInstance, sim: Every8dSim): void {
  const text = 'text/plain; charset=utf-8';
  app.post('/every8d/API21/HTTP/sendSMS.ashx', async (req, reply) => {
    const answer = sim.send(formOf(req.body));
    if (answer.hangMs > 0) await new Promise((r) => setTimeout(r, answer.hangMs));
    return reply.code(answer.status).type(text).send(answer.text);
  });
  app.post('/every8d/API21/HTTP/getDeliveryStatus.ashx', async (req, reply) => reply.type(text).send(sim.report(formOf(req.body))));
  app.post('/every8d/API21/HTTP/getCredit.ashx', async (req, reply) => {
    const form = formOf(req.body);
    return reply.type(text).send(form.UID === sim.uid && form.PWD === sim.pwd ? sim.credit.toFixed(1) : '-1,帳號或密碼錯誤');
  });
}
