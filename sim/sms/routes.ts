// Both SMS stand-ins and their operator controls (unsigned, under /sim/sms): the phones' inbox, each gateway's
// switches (paused, lost answers, failures, receipt delay) and its credit.
import type { FastifyInstance } from 'fastify';
import { Every8dSim, registerEvery8d } from './every8d.ts';
import { MitakeSim, registerMitake } from './mitake.ts';
import { Phones, switchesPatch } from './phone.ts';

export interface SmsSims {
  phones: Phones;
  mitake: MitakeSim;
  every8d: Every8dSim;
  close(): void;
}

export function registerSmsSims(app: FastifyInstance): SmsSims {
  const phones = new Phones();
  const sims = { phones, mitake: new MitakeSim(phones), every8d: new Every8dSim(phones) };
  registerMitake(app, sims.mitake);
  registerEvery8d(app, sims.every8d);
  const view = (g: 'mitake' | 'every8d') => {
    const s = sims[g];
    return { switches: s.switches, credit: g === 'mitake' ? sims.mitake.points : sims.every8d.credit, stats: s.stats };
  };
  app.get('/sim/sms', async () => ({ mitake: view('mitake'), every8d: view('every8d') }));
  app.get('/sim/sms/inbox', async (req) => {
    const phone = (req.query as { phone?: string }).phone;
    return { messages: phone ? phones.of(phone) : phones.inbox.slice(-100) };
  });
  app.put('/sim/sms/:gateway', async (req, reply) => {
    const gateway = (req.params as { gateway: string }).gateway;
    if (gateway !== 'mitake' && gateway !== 'every8d') return reply.code(404).send({ status: 'error', code: 'UNKNOWN_GATEWAY' });
    let input: unknown;
    try {
      input = typeof req.body === 'string' && req.body !== '' ? JSON.parse(req.body) : {};
    } catch {
      return reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
    }
    const patch = switchesPatch(input);
    const credit = (input as { credit?: unknown }).credit;
    if (!patch || (credit !== undefined && !(Number.isInteger(credit) && (credit as number) >= 0))) {
      return reply.code(422).send({ status: 'error', code: 'INVALID_SWITCHES' });
    }
    Object.assign(sims[gateway].switches, patch);
    if (typeof credit === 'number') {
      if (gateway === 'mitake') sims.mitake.points = credit;
      else sims.every8d.credit = credit;
    }
    return view(gateway);
  });
  return { ...sims, close: () => sims.mitake.close() };
}
