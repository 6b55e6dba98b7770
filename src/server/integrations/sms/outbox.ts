// SQL of the SMS drivers on the outbox rows and the gateways' credit: a row is written before any gateway is asked (its
// id and time make Mitake's clientid), finished once with what the gateways said, and later given its delivery state.
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsGatewayCredit, smsOutbox } from '../../db/schema.ts';
import type { DeliveryState, SmsGateway } from './outcomes.ts';

export interface OutboxRow {
  id: number;
  phone: string;
  createdAt: Date;
}

export async function insertQueued(db: Db, m: { phone: string; purpose: string; body: string }): Promise<OutboxRow> {
  const [row] = await db
    .insert(smsOutbox)
    .values({ phone: m.phone, purpose: m.purpose, body: m.body, driver: 'gateway', status: 'queued' })
    .returning({ id: smsOutbox.id, phone: smsOutbox.phone, createdAt: smsOutbox.createdAt });
  return row;
}

export interface Finished {
  status: 'sent' | 'failed';
  gateway: SmsGateway | null;
  clientId: string;
  providerRef: string | null;
  outcome: string;
  attempts: Array<{ gateway: string; outcome: string }>;
  delivery: DeliveryState | null;
}

export async function finish(db: Db, id: number, f: Finished): Promise<void> {
  await db
    .update(smsOutbox)
    .set({
      status: f.status,
      gateway: f.gateway,
      clientId: f.clientId,
      providerRef: f.providerRef,
      outcome: f.outcome,
      attempts: f.attempts,
      delivery: f.delivery,
      deliveryAt: f.delivery === 'delivered' ? new Date() : null,
    })
    .where(eq(smsOutbox.id, id));
}

/**
 * Records what became of a message. A receipt that says "still on its way" never overwrites a final state, since
 * receipts and reports may arrive out of order. Answers how many rows changed.
 */
export async function recordDelivery(db: Db, gateway: SmsGateway, providerRef: string, state: DeliveryState): Promise<number> {
  const rows = await db
    .update(smsOutbox)
    .set({ delivery: state, deliveryAt: new Date() })
    .where(
      and(
        eq(smsOutbox.gateway, gateway),
        eq(smsOutbox.providerRef, providerRef),
        state === 'pending' ? isNull(smsOutbox.delivery) : or(isNull(smsOutbox.delivery), ne(smsOutbox.delivery, state)),
      ),
    )
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** Whether a gateway's id names one of the outbox's messages. */
export async function knownRef(db: Db, gateway: SmsGateway, providerRef: string): Promise<boolean> {
  const rows = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.gateway, gateway), eq(smsOutbox.providerRef, providerRef)))
    .limit(1);
  return rows.length > 0;
}

/** Messages a gateway took whose fate is not known yet, oldest first, sent within the last maxAgeMs. */
export async function pendingDeliveries(db: Db, gateway: SmsGateway, maxAgeMs: number, limit: number) {
  return db
    .select({ id: smsOutbox.id, providerRef: smsOutbox.providerRef })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.gateway, gateway), eq(smsOutbox.delivery, 'pending'), gt(smsOutbox.createdAt, new Date(Date.now() - maxAgeMs))))
    .orderBy(asc(smsOutbox.id))
    .limit(limit);
}

export async function saveCredit(db: Db, gateway: SmsGateway, credit: number): Promise<void> {
  await db
    .insert(smsGatewayCredit)
    .values({ gateway, credit: String(credit) })
    .onConflictDoUpdate({ target: smsGatewayCredit.gateway, set: { credit: String(credit), updatedAt: sql`now()` } });
}

export async function credits(db: Db): Promise<Array<{ gateway: string; credit: number }>> {
  const rows = await db.select().from(smsGatewayCredit);
  return rows.map((r) => ({ gateway: r.gateway, credit: Number(r.credit) }));
}
