// Twenty concurrent adjustments with one Idempotency-Key write one journal and one audit row, in
// the journal's transaction; every other answer says replayed: true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { auditLog, journals, staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(staff).values({ username: 'money01', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'finance' });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'money01', password: 'staffpass123' } });
  token = res.json().data.access_token as string;
});
afterAll(async () => {
  await t?.close();
});

describe('adjustment audit rows', () => {
  it('one journal, one audit row and one replayed:false for twenty concurrent requests with one key', async () => {
    const p = await seedPlayer(t);
    const key = `burst-key-${p.playerId}`;
    const calls = Array.from({ length: 20 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/backoffice/finance/adjustments',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { player_id: p.playerId, amount: '12.34', reason: 'Compensation' },
      }),
    );
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.filter((a) => a.json().data.replayed === false)).toHaveLength(1);
    const journalIds = new Set(answers.map((a) => a.json().data.journal_id));
    expect(journalIds.size).toBe(1);
    const [j] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journals)
      .where(eq(journals.playerId, p.playerId));
    expect(j!.n).toBe(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balance.adjust'), eq(auditLog.target, `player:${p.playerId}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ journal_id: [...journalIds][0], amount: '12.34', before: { balance: '0.00' }, after: { balance: '12.34' } });
  });
});
