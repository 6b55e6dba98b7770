// A red-packet rush with a crash in the middle: two app instances behind HAProxy on a PostgreSQL and a
// Redis of this test's own (harness.ts), several hundred players claiming packets of one round at once, split
// between the instances, and instance a killed with SIGKILL while its claims are on their way (claims are taken and
// paid in batches, src/server/modules/redpacket/claim-batcher.ts). Then a is started again and the players who got
// no answer claim again. Afterwards: every claim that was answered with a packet is paid exactly once, with the
// amount answered, to the player who claimed it; nothing is paid that was not taken; no player holds two packets;
// the sum paid stays within the pool; and the ledger check holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { client, missingTools, startCluster, type Answer, type Cluster } from './harness.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { players, sessions } from '../../src/server/db/schema.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';
import { drawPackets } from '../../src/server/modules/redpacket/service.ts';
import { insertRound } from '../../src/server/modules/redpacket/repository.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { decimalToMinor } from '../../src/shared/money.ts';

const MISSING = missingTools();
if (MISSING.length) console.warn(`tests/fault/redpacket-crash.test.ts skipped: missing ${MISSING.join(', ')} (.ci/run installs them)`);

const PLAYERS = 600;
const PACKETS = 400;
/** Instance a is killed once this many claims have been answered, so claims of its are still on their way. */
const KILL_AFTER_ANSWERS = 40;

interface Player {
  id: number;
  token: string;
}

let cluster: Cluster;
let database: Database;
const seeded: Player[] = [];
let roundId = 0;
let poolMinor = 0n;

async function seed(): Promise<void> {
  const tag = Math.random().toString(36).slice(2, 6);
  const rows = await database.db
    .insert(players)
    .values(
      Array.from({ length: PLAYERS }, (_, i) => ({
        account: `rc${tag}${i}`.slice(0, 12),
        passwordHash: 'x',
        recommendCode: `RC${tag}${i}`,
      })),
    )
    .returning({ id: players.id });
  const sess = rows.map((r) => {
    const { token, hash } = newToken();
    seeded.push({ id: r.id, token });
    return { playerId: r.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) };
  });
  await database.db.insert(sessions).values(sess);
  poolMinor = BigInt(PACKETS) * 500n;
  const round = await database.db.transaction((tx) =>
    insertRound(
      tx,
      {
        title: 'crash',
        titleEn: 'crash',
        startsAt: new Date(Date.now() - 1000),
        endsAt: new Date(Date.now() + 3_600_000),
        poolMinor,
        packetCount: PACKETS,
        minPacketMinor: 100n,
        maxPacketMinor: 1000n,
        minLevel: 0,
        lookbackDays: 0,
        minDepositMinor: 0n,
        minValidBetMinor: 0n,
        flowMultiple: 1,
        approvalCeilingMinor: 1_000_000n,
        position: 'right',
        pictureId: null,
        showPageType: 0,
      },
      drawPackets(poolMinor, PACKETS, 100n, 1000n),
    ),
  );
  roundId = round.id;
}

describe.skipIf(MISSING.length > 0)('a red-packet rush survives an instance killed in the middle', () => {
  beforeAll(async () => {
    cluster = await startCluster('redpacket');
    database = await openDatabase({ url: cluster.dbUrl, poolMax: 4 });
    await seed();
  }, 180_000);
  afterAll(async () => {
    await database?.close().catch(() => {});
    await cluster?.close();
  }, 60_000);

  it('every answered claim is paid exactly once, nothing is over-paid, and the ledger holds', async () => {
    const call = client(cluster.lbUrl);
    const answers = new Map<number, Answer | 'network'>();
    let answered = 0;
    let killed: Promise<unknown> | undefined;
    const claim = async (p: Player, node: 'a' | 'b') => {
      const a = await call('POST', `/activity/addAudit/${roundId}`, { token: p.token, node, timeoutMs: 30_000 }).catch(() => 'network' as const);
      answers.set(p.id, a);
      if (a !== 'network' && a.status === 200 && ++answered === KILL_AFTER_ANSWERS) {
        cluster.instances.a.child.kill('SIGKILL');
        killed = cluster.instances.a.exited;
      }
    };
    // Half the players are pinned to a, half to b; all of them claim at once.
    await Promise.all(seeded.map((p, i) => claim(p, i % 2 === 0 ? 'a' : 'b')));
    await killed;
    expect(killed, 'instance a was killed during the rush').toBeDefined();
    const lost = [...answers].filter(([, a]) => a === 'network' || a.status >= 500).map(([id]) => id);
    await cluster.startInstance('a');
    // Those who got no answer claim again: a claim the crash cut off took nothing, or its packet is found 'claimed'.
    const retried = new Map<number, Answer | 'network'>();
    for (const id of lost) {
      const p = seeded.find((s) => s.id === id)!;
      retried.set(id, await call('POST', `/activity/addAudit/${roundId}`, { token: p.token, timeoutMs: 30_000 }).catch(() => 'network' as const));
    }
    const statuses: Record<string, number> = {};
    for (const a of answers.values())
      statuses[a === 'network' ? 'network' : String(a.status)] = (statuses[a === 'network' ? 'network' : String(a.status)] ?? 0) + 1;
    console.log(`red-packet crash: answers ${JSON.stringify(statuses)}, ${lost.length} claimed again`);

    const taken = await database.db.execute<{ id: string; player_id: string; amount_minor: string; status: string; journal_id: string | null }>(sql`
      select id::text, player_id::text, amount_minor::text, status, journal_id::text from red_packets where round_id = ${roundId} and player_id is not null`);
    const journals = await database.db.execute<{ key: string; id: string; paid: string }>(sql`
      select j.idempotency_key as key, j.id::text, (select sum(p.amount_minor) from postings p where p.journal_id = j.id and p.amount_minor > 0)::text as paid
      from journals j where j.kind = 'red_packet' and j.idempotency_key like ${`red_packet:${roundId}:%`}`);
    const journalByKey = new Map(journals.rows.map((j) => [j.key, j]));
    const packetByPlayer = new Map<number, (typeof taken.rows)[number]>();
    for (const row of taken.rows) {
      expect(packetByPlayer.has(Number(row.player_id)), `player ${row.player_id} holds one packet`).toBe(false);
      packetByPlayer.set(Number(row.player_id), row);
      // Every packet taken is paid once, under its own key, by the amount drawn for it.
      expect(row.status).toBe('approved');
      const j = journalByKey.get(`red_packet:${roundId}:${row.id}:${row.player_id}`);
      expect(j, `packet ${row.id}'s journal`).toBeDefined();
      expect(j!.id).toBe(row.journal_id);
      expect(j!.paid).toBe(row.amount_minor);
    }
    // Nothing is paid that was not taken; the sum paid is within the pool.
    expect(journals.rows.length).toBe(taken.rows.length);
    const paidMinor = journals.rows.reduce((s, j) => s + BigInt(j.paid), 0n);
    expect(paidMinor <= poolMinor).toBe(true);

    // Every answer of a packet, before or after the crash, is that player's packet, paid, for the amount answered.
    let answeredPackets = 0;
    for (const [playerId, a] of [...answers, ...retried]) {
      if (a === 'network' || a.status !== 200) continue;
      answeredPackets++;
      const data = a.body.data as { id: number; amount: string; status: string };
      const row = packetByPlayer.get(playerId);
      expect(row, `player ${playerId} was answered a packet`).toBeDefined();
      expect(Number(row!.id)).toBe(data.id);
      expect(data.status).toBe('approved');
      expect(decimalToMinor(data.amount)).toBe(BigInt(row!.amount_minor));
    }
    expect(answeredPackets).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(await checkLedger(database.db)).toEqual([]);
  }, 240_000);
});
