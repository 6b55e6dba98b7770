// The crash rig of the outbox tests (tests/fault/outbox-crash.test.ts) and of the outbox benchmark's kill-and-restart
// mode (tests/perf/outbox-bench.mjs): app instances as child processes on a PostgreSQL of their own (harness.ts) and
// the stand-in provider (sim/), players doing what publishes every event whose effect matters, and the instances
// killed with SIGKILL — from outside at a random moment, or by themselves at a crash point
// (src/server/lib/fault-kill.ts: after a commit before delivery, inside a subscriber, inside a job) — then started
// again while the players go on. A run is one kill and restart of one instance; several instances cycle side by side
// on the one database, so one instance's leased deliveries are taken over by another or by itself after its restart.
// When the runs are done, a clean instance finishes every delivery and effects() lists every effect that is missing
// or doubled.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startSim, type Sim } from '../../sim/server.ts';
import { ROOT, freePort, sleep, startPostgres, waitFor, type Postgres } from './harness.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { bankCards, players, promotions, sessions, staff, vipLevelRules } from '../../src/server/db/schema.ts';
import { AccountDirectory, openPlayerAccountInTx } from '../../src/server/ledger/accounts.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { KILL_POINTS, type KillPoint } from '../../src/server/lib/fault-kill.ts';
import { PROMOTION_MODE } from '../../src/shared/schemas/promotions.ts';
import { BANK_CARD_STATUS } from '../../src/shared/statuses.ts';
import { promotionInput } from '../helpers/promotion-input.ts';

const RESULTS = path.join(ROOT, 'test-results');
const STARTUP_TIMEOUT_MS = 60_000;
const CALL_TIMEOUT_MS = 8_000;
/** Each deposit is this much: the first one lifts a player from VIP level 0 to 1, none lifts them further (setup). */
const DEPOSIT_MINOR = 100_000n;
const WITHDRAW_MONEY = '500.00';
const STAFF_PASSWORD = 'crash-staff-pass-1';
const PLAYER_PASSWORD = 'abc12345';

// ---- instances ---------------------------------------------------------------------------------------

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  alive(): boolean;
  /** The crash point the process killed itself at, once it did. */
  killedAt(): KillPoint | undefined;
}

export interface Rig {
  pg: Postgres;
  sim: Sim;
  dbUrl: string;
  database: Database;
  /** Starts an instance; `faults` arms its crash points (FAULT_KILL_POINTS). Resolves once it is ready or has died. */
  start(name: string, faults?: string): Promise<Instance>;
  close(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export async function startRig(name: string, env: Record<string, string> = {}): Promise<Rig> {
  const pgServer = await startPostgres(name);
  const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  const dbUrl = pgServer.url('app');
  const secrets = { provider: `crash-${randomBytes(6).toString('hex')}`, gateway: `crash-gw-${randomBytes(6).toString('hex')}` };
  const sim = await startSim({ secret: secrets.provider, gatewaySecret: secrets.gateway, settleTickMs: 0 });
  fs.mkdirSync(RESULTS, { recursive: true });
  const ports = new Map<string, number>();
  const baseEnv: Record<string, string> = {
    DATABASE_URL: dbUrl,
    NODE_ENV: 'test',
    SEED_DEMO: '1',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SERVE_PAGES: '0',
    GAME_PROVIDER_URL: sim.url,
    GAME_PROVIDER_SECRET: secrets.provider,
    PAYMENT_GATEWAY_SECRET: secrets.gateway,
    RATE_LIMIT_PER_MIN: '10000000',
    DB_POOL_MAX: '20',
    RECONCILE_INTERVAL_MS: '1000',
    BET_INGEST_INTERVAL_MS: '1000',
    DEPOSIT_EXPIRY_INTERVAL_MS: '1000',
    GAME_PROVIDER_TIMEOUT_MS: '1000',
    DRAIN_DELAY_MS: '0',
    // Hundreds of starts: Node keeps the compiled (and type-stripped) modules between them.
    NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'outbox-crash-compile-cache'),
    // The outbox worker polls often and a dead instance's leases run out soon, so a run's leftovers are taken over
    // within the next runs rather than after the default minute.
    OUTBOX_POLL_INTERVAL_MS: '100',
    OUTBOX_LEASE_MS: '1500',
    OUTBOX_CLAIM_GRACE_MS: '300',
    // Jobs that run every second, so runs are killed inside them; another instance takes a dead one's job over soon.
    PROMOTIONS_SWEEP_INTERVAL_MS: '1000',
    VIP_POINTS_INTERVAL_MS: '1000',
    JOB_LEASE_MS: '2000',
    ...env,
  };
  const start = async (instance: string, faults = ''): Promise<Instance> => {
    if (!ports.has(instance)) ports.set(instance, await freePort());
    const port = ports.get(instance)!;
    const log = fs.createWriteStream(path.join(RESULTS, `fault-${name}-${instance}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...baseEnv, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: instance, FAULT_KILL_POINTS: faults },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let done = false;
    let killedAt: KillPoint | undefined;
    child.stdout.on('data', (d: Buffer) => log.write(d));
    child.stderr.on('data', (d: Buffer) => {
      log.write(d);
      const hit = /fault-kill (\w+)/.exec(d.toString())?.[1];
      killedAt ??= KILL_POINTS.find((p) => p === hit);
    });
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        done = true;
        children.delete(child);
        log.end();
        resolve();
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + STARTUP_TIMEOUT_MS;
    // A crash point may be reached during start-up (the backlog is delivered at once): then the start ends there.
    while (
      !done &&
      !(await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > until) throw new Error(`instance ${instance} not ready in ${STARTUP_TIMEOUT_MS} ms`);
      await sleep(50);
    }
    return { name: instance, url, child, exited, alive: () => !done, killedAt: () => killedAt };
  };
  const database = await openDatabase({ url: dbUrl, poolMax: 6 });
  return {
    pg: pgServer,
    sim,
    dbUrl,
    database,
    start,
    close: async () => {
      for (const c of children) c.kill('SIGKILL');
      await database.close().catch(() => {});
      await sim.close();
      await pgServer.destroy();
    },
  };
}

// ---- talking to an instance --------------------------------------------------------------------------

interface Answer {
  status: number;
  body: { data?: unknown; code?: string };
}

const randomIp = () => `10.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

async function call(
  url: string,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  o: { body?: unknown; token?: string; ip?: string; device?: string } = {},
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'x-forwarded-for': o.ip ?? randomIp(), 'x-locale': 'en' };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.device) headers['x-device-fp'] = o.device;
  try {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
  } catch {
    // The instance died under the request: what it had committed stays, and the effects check finds it.
    return undefined;
  }
}

// ---- the world the players act in --------------------------------------------------------------------

interface SeededPlayer {
  id: number;
  account: string;
  token: string;
}

export interface World {
  tag: string;
  staffToken: string;
  registerPromotionId: number;
  depositPromotionId: number;
  depositors: SeededPlayer[];
  withdrawers: Array<SeededPlayer & { cardId: number }>;
  /** Players with money on a game platform (put there at setup) who will exclude themselves, each once. */
  excluders: SeededPlayer[];
  /** Players with a real name who will bind a card, each once. */
  cardholders: SeededPlayer[];
  registered: number;
  /** Registered players who have not signed in yet, oldest first. */
  newcomers: Array<{ account: string; device: string; loginIp: string; card: string }>;
}

async function seedPlayers(db: Database['db'], tag: string, kind: string, count: number, realName = ''): Promise<SeededPlayer[]> {
  const rows = await db
    .insert(players)
    .values(
      Array.from({ length: count }, (_, i) => ({
        account: `${kind}${tag}${i}`.slice(0, 12),
        passwordHash: 'x',
        phone: `09${String(randomInt(0, 1e8)).padStart(8, '0')}`,
        recommendCode: `${kind}${tag}${i}`.toUpperCase().slice(0, 16),
        realName,
      })),
    )
    .returning({ id: players.id, account: players.account });
  const seeded = rows.map((r) => ({ ...r, ...newToken() }));
  await db.insert(sessions).values(seeded.map((p) => ({ playerId: p.id, tokenHash: p.hash, expiresAt: new Date(Date.now() + 24 * 3_600_000) })));
  for (const p of seeded) await openPlayerAccountInTx(db, p.id, 'central');
  return seeded.map((p) => ({ id: p.id, account: p.account, token: p.token }));
}

/** Money for the withdrawers, by adjustment journals written here (not through the server: no event rides on them). */
async function fund(db: Database['db'], who: SeededPlayer[], amountMinor: bigint): Promise<void> {
  const directory = new AccountDirectory(db);
  for (const p of who) {
    const [central, house] = await Promise.all([directory.playerAccount(p.id, 'central'), directory.houseAccount('adjust', p.id)]);
    await postJournal(db, {
      kind: 'adjustment',
      idempotencyKey: `crash-fund:${p.id}`,
      request: { playerId: p.id },
      playerId: p.id,
      memo: 'crash test funds',
      postings: [
        { accountId: central, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
    });
  }
}

/**
 * The operator's setup, written while one clean instance runs: a staff member of finance, a register bonus and a bonus on
 * every deposit (both paid at once), VIP level 1 reached by one deposit (and level 2 out of reach: it needs bets), and
 * the seeded players of each flow.
 */
export async function setupWorld(rig: Rig, url: string, sizes: { depositors: number; withdrawers: number; excluders: number }): Promise<World> {
  const db = rig.database.db;
  const tag = randomBytes(2).toString('hex');
  const username = `crash${tag}`;
  await db.insert(staff).values({ username, passwordHash: await AuthService.hashPassword(STAFF_PASSWORD), role: 'admin' });
  const login = await call(url, 'POST', '/backoffice/auth/login', { body: { username, password: STAFF_PASSWORD } });
  const staffToken = (login?.body.data as { access_token?: string } | undefined)?.access_token;
  if (!staffToken) throw new Error(`staff sign-in failed: ${JSON.stringify(login)}`);
  const promotion = async (mode: typeof PROMOTION_MODE.registerSend | typeof PROMOTION_MODE.singleDeposit, amount: string) => {
    await db
      .update(promotions)
      .set({ status: 'off' })
      .where(sql`${promotions.mode} = ${mode}`);
    const res = await call(url, 'POST', '/backoffice/promotions', {
      token: staffToken,
      body: promotionInput({ mode, fixed_amount: amount, limit_period: 'ever', limit_count: 10_000, flow_multiple: 1, flow_base: 'bonus' }),
    });
    const id = (res?.body.data as { id?: number } | undefined)?.id;
    if (!id) throw new Error(`promotion of mode ${mode} refused: ${JSON.stringify(res)}`);
    return id;
  };
  const registerPromotionId = await promotion(PROMOTION_MODE.registerSend, '8.00');
  const depositPromotionId = await promotion(PROMOTION_MODE.singleDeposit, '5.00');
  await db
    .update(vipLevelRules)
    .set({ depositReqMinor: DEPOSIT_MINOR, validBetReqMinor: 0n })
    .where(sql`${vipLevelRules.levelId} = 1`);
  const depositors = await seedPlayers(db, tag, 'cd', sizes.depositors);
  const withdrawerRows = await seedPlayers(db, tag, 'cw', sizes.withdrawers, 'Crash Test');
  await fund(db, withdrawerRows, 100_000_000n);
  const cards = await db
    .insert(bankCards)
    .values(
      withdrawerRows.map((p) => ({
        playerId: p.id,
        bank: '822',
        market: 'Xinyi',
        accountName: 'Crash Test',
        cardNumber: `7${tag}${String(p.id).padStart(10, '0')}`.slice(0, 20),
        statusDebitCard: BANK_CARD_STATUS.usable,
      })),
    )
    .returning({ id: bankCards.id, playerId: bankCards.playerId });
  const cardOf = new Map(cards.map((c) => [c.playerId, c.id]));
  const excluders = await seedPlayers(db, tag, 'cx', sizes.excluders);
  await fund(db, excluders, 1_000_000n);
  // Their money goes onto a platform now, with no fault armed: under the kills, the exclusion is then one call.
  for (let i = 0; i < excluders.length; i += 8) {
    await Promise.all(
      excluders.slice(i, i + 8).map(async (p) => {
        const moved = await call(url, 'POST', '/players/deposit/SLX', { token: p.token, body: { money: '100' } });
        if ((moved?.body.data as { status?: string } | undefined)?.status !== 'applied') throw new Error(`platform transfer refused: ${JSON.stringify(moved)}`);
      }),
    );
  }
  const cardholders = await seedPlayers(db, tag, 'cc', sizes.excluders, 'Crash Player');
  return {
    tag,
    staffToken,
    registerPromotionId,
    depositPromotionId,
    depositors,
    withdrawers: withdrawerRows.map((p) => ({ ...p, cardId: cardOf.get(p.id)! })),
    excluders,
    cardholders,
    registered: 0,
    newcomers: [],
  };
}

// ---- what the players do -----------------------------------------------------------------------------

/** A new player: an SMS code and the registration, from an address and a device of their own. */
async function registerFlow(rig: Rig, world: World, url: string): Promise<void> {
  world.registered += 1;
  const account = `cr${world.tag}${world.registered}`.slice(0, 12);
  const phone = `09${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  // A fingerprint as the pages send it: hex (risk/signals.ts drops anything else).
  const device = randomBytes(16).toString('hex');
  const ip = randomIp();
  if ((await call(url, 'PUT', '/send/phone', { body: { phone }, ip }))?.status !== 200) return;
  const sms = await rig.database.db.execute<{ body: string }>(sql`select body from sms_outbox where phone = ${phone} order by id desc limit 1`);
  const code = sms.rows[0]?.body.match(/\d{6}/)?.[0];
  if (!code) return;
  const body = { account, password: PLAYER_PASSWORD, password_confirm: PLAYER_PASSWORD, phone, code, agreement: true };
  if ((await call(url, 'POST', '/auth/register', { body, ip, device }))?.status === 200)
    world.newcomers.push({ account, device, loginIp: randomIp(), card: `6${String(randomInt(0, 1e12)).padStart(12, '0')}` });
}

/**
 * A registered player signs in (from an address of their own, the same device), gives a real name and binds a card.
 * A step the kill cut off is tried again in a later burst, with the same address and card, so a second attempt
 * shows no signal the first did not.
 */
async function signInFlow(world: World, url: string): Promise<void> {
  const p = world.newcomers.shift();
  if (!p) return;
  const again = () => void world.newcomers.push(p);
  const signedIn = await call(url, 'POST', '/auth/login', { body: { account: p.account, password: PLAYER_PASSWORD }, device: p.device, ip: p.loginIp });
  const token = (signedIn?.body.data as { access_token?: string } | undefined)?.access_token;
  if (!token) return signedIn ? undefined : again();
  const named = await call(url, 'PUT', '/auth/info', { token, body: { real_name: 'Crash Player', gender: 'female', birthday: '1990-02-03' } });
  if (named?.status !== 200) return named ? undefined : again();
  const bound = await call(url, 'POST', '/players/debit-card/store', {
    token,
    body: { bank: '822', market: 'Xinyi', account_name: 'Crash Player', card_number: p.card, card_number_confirm: p.card },
  });
  if (!bound) again();
}

/** A bank-transfer deposit finance confirms: the credit publishes deposit.credited. */
async function depositFlow(rig: Rig, world: World, url: string): Promise<void> {
  const p = world.depositors[randomInt(0, world.depositors.length)];
  const id = `DPcr${world.tag}${randomBytes(5).toString('hex')}`;
  await rig.database.db.execute(
    sql`insert into deposit_orders (id, player_id, method, amount_minor, status, player_ref) values (${id}, ${p.id}, 'bank_transfer', ${DEPOSIT_MINOR}, 'pending', 'crash')`,
  );
  await call(url, 'POST', `/backoffice/finance/deposits/${id}/confirm`, { token: world.staffToken });
}

async function withdrawFlow(world: World, url: string): Promise<void> {
  const p = world.withdrawers[randomInt(0, world.withdrawers.length)];
  await call(url, 'POST', '/finance/withdraw/create', { token: p.token, body: { money: WITHDRAW_MONEY, bank_card_id: p.cardId } });
}

/** A self-exclusion of a player with money on a platform: that money must come home once. Retried if cut off. */
async function excludeFlow(world: World, url: string): Promise<void> {
  const p = world.excluders.shift();
  if (!p) return;
  const res = await call(url, 'POST', '/protection/self-exclusion', { token: p.token, body: { duration: '6m', confirm_account: p.account } });
  if (!res) world.excluders.push(p);
}

/** A card bound by a named player (card.bound: the card's risk signal). Retried with the same card if cut off. */
async function cardFlow(world: World, url: string): Promise<void> {
  const p = world.cardholders.shift();
  if (!p) return;
  const card = `5${String(p.id).padStart(12, '0')}`;
  const res = await call(url, 'POST', '/players/debit-card/store', {
    token: p.token,
    body: { bank: '822', market: 'Xinyi', account_name: 'Crash Player', card_number: card, card_number_confirm: card },
  });
  if (!res) world.cardholders.push(p);
}

/** One burst of every flow against one instance, the flows side by side. */
export async function burst(rig: Rig, world: World, url: string): Promise<void> {
  await Promise.all([
    registerFlow(rig, world, url),
    signInFlow(world, url),
    depositFlow(rig, world, url),
    depositFlow(rig, world, url),
    withdrawFlow(world, url),
    withdrawFlow(world, url),
    excludeFlow(world, url),
    cardFlow(world, url),
  ]);
}

// ---- kill and restart --------------------------------------------------------------------------------

export interface CycleStats {
  runs: number;
  /** How each run's instance died: by SIGKILL from outside, or at which crash point. */
  deaths: Record<string, number>;
}

/** A run's crash points: none (the kill comes from outside) or one or more armed, each with a chance per pass. */
function randomFaults(): string {
  const roll = Math.random();
  if (roll < 0.25) return '';
  const chance = (max: number) => (0.02 + Math.random() * max).toFixed(3);
  // Kept low enough that a flow of three publishing calls (sign-in, real name, card) gets through in some runs.
  if (roll < 0.45) return `after_commit=${chance(0.2)}`;
  if (roll < 0.7) return `in_subscriber=${chance(0.3)}`;
  // Jobs end about once a second each: a high chance, or a run's short life passes without one.
  if (roll < 0.85) return `in_job=${(0.5 + Math.random() * 0.5).toFixed(3)}`;
  return `after_commit=${chance(0.2)},in_subscriber=${chance(0.15)},in_job=${chance(0.3)}`;
}

/**
 * Cycles `instances` instances until `runs` kill-and-restart runs are done: each start arms random crash points,
 * the players act on that instance, and it dies at a crash point or by SIGKILL from outside after a random while.
 */
export async function cycle(
  rig: Rig,
  world: World,
  opts: { runs: number; instances: number; maxLifeMs?: number; onRun?: (n: number) => void },
): Promise<CycleStats> {
  const stats: CycleStats = { runs: 0, deaths: {} };
  // Long enough for a registration's five calls on a busy machine, short enough that most of a run is not start-up.
  const maxLifeMs = opts.maxLifeMs ?? 2_500;
  const loop = async (name: string) => {
    while (stats.runs < opts.runs) {
      const inst = await rig.start(name, randomFaults());
      const deadline = Date.now() + randomInt(100, maxLifeMs);
      const bursts: Array<Promise<void>> = [];
      while (inst.alive() && Date.now() < deadline) {
        bursts.push(burst(rig, world, inst.url));
        await Promise.race([sleep(randomInt(80, 300)), inst.exited]);
      }
      if (inst.alive()) inst.child.kill('SIGKILL');
      await inst.exited;
      await Promise.all(bursts);
      const how = inst.killedAt() ?? 'sigkill';
      stats.deaths[how] = (stats.deaths[how] ?? 0) + 1;
      stats.runs += 1;
      opts.onRun?.(stats.runs);
    }
  };
  await Promise.all(Array.from({ length: opts.instances }, (_, i) => loop(`i${i}`)));
  return stats;
}

/** Starts a clean instance and waits until no delivery is pending or leased; answers it (still running). */
export async function settle(rig: Rig, timeoutMs = 120_000): Promise<Instance> {
  const inst = await rig.start('settle');
  try {
    await waitFor(
      'every delivery done',
      async () => {
        const r = await rig.database.db.execute<{ n: string }>(sql`select count(*)::text as n from outbox_deliveries where status = 'pending'`);
        return r.rows[0].n === '0';
      },
      timeoutMs,
      250,
    );
  } catch (err) {
    // What is still pending, and why, says more than the time-out.
    const left = await rig.database.db.execute(sql`
      select subscriber, attempts, next_attempt_at, locked_by, left(last_error, 300) as error
      from outbox_deliveries where status = 'pending' order by event_id limit 10`);
    throw new Error(`${(err as Error).message}; pending: ${JSON.stringify(left.rows)}`, { cause: err });
  }
  return inst;
}

// ---- the effects -------------------------------------------------------------------------------------

async function rows<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
}

/**
 * Every effect an event promised, counted against what committed: a problem is a line naming the effect, the thing
 * it is of, and how many times it happened. Empty when every effect happened exactly once and the ledger holds.
 */
export async function effects(db: Database['db'], world: World): Promise<{ problems: string[]; counted: Record<string, number> }> {
  const problems: string[] = [];
  const counted: Record<string, number> = {};
  const expectOnce = (what: string, of: string | number, n: number | string) => {
    counted[what] = (counted[what] ?? 0) + 1;
    if (Number(n) !== 1) problems.push(`${what} of ${of}: ${n} times`);
  };
  const like = `cr${world.tag}%`;
  // Registration: the register bonus paid once, and the registration's address and phone recorded as risk signals.
  for (const r of await rows<{ id: string; grants: string; journals: string; reg_ip: string; phone: string }>(
    db,
    sql`select p.id::text,
          (select count(*) from promotion_grants g where g.player_id = p.id and g.promotion_id = ${world.registerPromotionId} and g.status = 'success')::text as grants,
          (select count(*) from journals j where j.player_id = p.id and j.kind = 'promotion_grant' and j.idempotency_key like ${`%:${world.registerPromotionId}:%`})::text as journals,
          (select count(*) from risk_signals s where s.player_id = p.id and s.source = 'register' and s.kind = 'ip')::text as reg_ip,
          (select count(*) from risk_signals s where s.player_id = p.id and s.kind = 'phone')::text as phone
        from players p where p.account like ${like}`,
  )) {
    expectOnce('register bonus grant', `player ${r.id}`, r.grants);
    expectOnce('register bonus journal', `player ${r.id}`, r.journals);
    expectOnce('register risk signal (address)', `player ${r.id}`, r.reg_ip);
    expectOnce('register risk signal (phone)', `player ${r.id}`, r.phone);
  }
  // Sign-in: the device's signal (the registration and the sign-in send the same one) and the sign-in's own address.
  for (const r of await rows<{ id: string; login_ip: string; device: string }>(
    db,
    sql`select p.id::text,
          (select count(*) from risk_signals s where s.player_id = p.id and s.kind = 'ip' and s.source = 'login')::text as login_ip,
          (select count(*) from risk_signals s where s.player_id = p.id and s.kind = 'device')::text as device
        from players p where p.account like ${like} and exists (select 1 from sessions x where x.player_id = p.id)`,
  )) {
    expectOnce('sign-in risk signal (address)', `player ${r.id}`, r.login_ip);
    expectOnce('risk signal (device)', `player ${r.id}`, r.device);
  }
  // A bound card: one card signal per card (each player binds one).
  for (const r of await rows<{ id: string; cards: string }>(
    db,
    sql`select c.player_id::text as id, (select count(*) from risk_signals s where s.player_id = c.player_id and s.kind = 'card')::text as cards
        from bank_cards c join players p on p.id = c.player_id where p.account like ${like} or p.account like ${`cc${world.tag}%`}`,
  )) {
    expectOnce('card risk signal', `player ${r.id}`, r.cards);
  }
  // Credited deposits: the deposit bonus once per deposit.
  for (const r of await rows<{ id: string; grants: string; journals: string }>(
    db,
    sql`select d.id,
          (select count(*) from promotion_grants g where g.promotion_id = ${world.depositPromotionId} and g.player_id = d.player_id and g.period = 'deposit:' || d.id and g.status = 'success')::text as grants,
          (select count(*) from journals j where j.kind = 'promotion_grant' and j.idempotency_key like ${`%:${world.depositPromotionId}:%`} || ':deposit:' || d.id)::text as journals
        from deposit_orders d where d.id like ${`DPcr${world.tag}%`} and d.status = 'paid'`,
  )) {
    expectOnce('deposit bonus grant', `deposit ${r.id}`, r.grants);
    expectOnce('deposit bonus journal', `deposit ${r.id}`, r.journals);
  }
  // VIP: every depositor with a credited deposit went from level 0 to 1 once, with its upgrade reward offered once.
  for (const r of await rows<{ id: string; ups: string; rewards: string }>(
    db,
    sql`select p.id::text,
          (select count(*) from vip_level_history h where h.player_id = p.id and h.reason = 'upgrade' and h.to_level = 1)::text as ups,
          (select count(*) from vip_rewards w where w.player_id = p.id and w.kind = 'upgrade' and w.period = '1')::text as rewards
        from players p where p.account like ${`cd${world.tag}%`}
          and exists (select 1 from deposit_orders d where d.player_id = p.id and d.status = 'paid')`,
  )) {
    expectOnce('VIP upgrade', `player ${r.id}`, r.ups);
    expectOnce('VIP upgrade reward', `player ${r.id}`, r.rewards);
  }
  // Withdrawals: one risk decision each.
  for (const r of await rows<{ id: string; decisions: string }>(
    db,
    sql`select w.id, (select count(*) from risk_decisions d where d.withdrawal_id = w.id)::text as decisions
        from withdrawals w join players p on p.id = w.player_id where p.account like ${`cw${world.tag}%`}`,
  )) {
    expectOnce('withdrawal risk decision', `withdrawal ${r.id}`, r.decisions);
  }
  // Exclusions: the platform wallets recovered once per exclusion (a self-exclusion whose answer a kill cut off is
  // asked again, and a second one is recorded), and no money left on a platform.
  for (const r of await rows<{ id: string; exclusions: string; recovered: string; on_platforms: string }>(
    db,
    sql`select p.id::text,
          (select count(*) from protection_exclusions e where e.player_id = p.id)::text as exclusions,
          (select count(*) from protection_events v where v.player_id = p.id and v.action = 'platform_wallets_recovered')::text as recovered,
          (select coalesce(sum(a.balance_minor), 0) from accounts a where a.player_id = p.id and a.kind = 'platform')::text as on_platforms
        from players p where p.account like ${`cx${world.tag}%`} and exists (select 1 from protection_exclusions e where e.player_id = p.id)`,
  )) {
    expectOnce('platform recovery after exclusion', `player ${r.id} (${r.exclusions} exclusions)`, Number(r.recovered) / Number(r.exclusions));
    if (r.on_platforms !== '0') problems.push(`player ${r.id} excluded with ${r.on_platforms} still on platforms`);
  }
  const outbox = await rows<{ status: string; n: string }>(db, sql`select status, count(*)::text as n from outbox_deliveries group by status`);
  for (const o of outbox) if (o.status !== 'delivered') problems.push(`${o.n} deliveries ${o.status}`);
  const ledger = await checkLedger(db);
  for (const l of ledger) problems.push(`ledger: ${JSON.stringify(l)}`);
  return { problems, counted };
}
