// Two app instances behind a real HAProxy, sharing PostgreSQL and Redis, so that nothing relies on one
// process's memory. Run by .ci/run after it installs haproxy; not part of `npm test`. Needs Node 24 (it imports the harness's TypeScript).
//   npm exec -- node --disable-warning=ExperimentalWarning tests/lb/two-instances.mjs
// Needs what the fault tests need (haproxy, redis-server, PostgreSQL's binaries): it starts the same cluster of its own
// with tests/fault/harness.ts (a PostgreSQL and a Redis in a temporary folder, the stand-ins, two instances, HAProxy
// with tests/lb/haproxy.cfg.template). Through the balancer it checks: registration and login; a PayBridge deposit whose
// callback (from the stand-in in sim/) reaches either instance; transfers to and from a game platform; a
// withdrawal; a second login answered by one instance that signs out a socket held on the other; the
// jobs (reconciliation, bet ingestion, deposit expiry) each run by one instance at a time; then, under
// load, one instance is killed with SIGKILL and the other keeps serving, and `npm run ledger:check` passes.
// Exits non-zero on the first failed check. Logs: test-results/fault-lb-*.log.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { missingTools, startCluster, waitFor } from '../fault/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Jobs run often here so a short test sees many runs of each. */
const JOB_INTERVAL_MS = 300;
const PASSWORD = 'abc12345';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let checks = 0;
function check(what, ok, detail = '') {
  checks++;
  if (!ok) throw new Error(`FAILED: ${what}${detail ? ` (${detail})` : ''}`);
  console.log(`  ok  ${what}${detail ? ` (${detail})` : ''}`);
}

// ---- HTTP through the balancer ---------------------------------------------------------------------

function client(lbUrl) {
  const ip = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  return async function call(method, route, { body, token, node } = {}) {
    const headers = { 'x-forwarded-for': ip, 'x-locale': 'en' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    // The balancer's sticky cookie picks an instance on purpose; without it requests go round robin.
    if (node) headers.cookie = `lh_node=${node}`;
    const res = await fetch(`${lbUrl}/api${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, body: json, servedBy: res.headers.get('x-served-by') };
  };
}

function openSocket(lbUrl, token, node) {
  const socket = connectSocket(lbUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: { token },
    extraHeaders: { cookie: `lh_node=${node}` },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

// ---- the run ---------------------------------------------------------------------------------------

async function main() {
  const missing = missingTools();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; .ci/run installs them`);
  console.log(spawnSync(process.env.HAPROXY_BIN || 'haproxy', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]);

  console.log('\n== start: PostgreSQL, Redis, two instances, then HAProxy (tests/fault/harness.ts) ==');
  // Jobs run often here so a short test sees many runs of each; debug logs carry each run's start and end.
  const cluster = await startCluster('lb', {
    LOG_LEVEL: 'debug',
    RECONCILE_INTERVAL_MS: String(JOB_INTERVAL_MS),
    BET_INGEST_INTERVAL_MS: String(JOB_INTERVAL_MS),
    DEPOSIT_EXPIRY_INTERVAL_MS: String(JOB_INTERVAL_MS),
  });
  const { sim, lbUrl, instances } = cluster;
  const DB_URL = cluster.dbUrl;
  const db = new pg.Client({ connectionString: DB_URL });
  try {
    await db.connect();
    check('both instances up behind the balancer', true, `${instances.a.url}, ${instances.b.url}`);
    // Registration here is about the balancer, not SMS: the operator's setting turns the code off.
    await db.query(`insert into settings (key, value) values ('register_need_mobile_sms', 'false'::jsonb)
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    await sleep(1_100); // the settings cache (1 s) forgets the SMS setting

    console.log('\n== players through the balancer ==');
    const call = client(lbUrl);
    const account = `lb${randomBytes(4).toString('hex')}`;
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const reg = await call('POST', '/auth/register', { body: { account, password: PASSWORD, password_confirm: PASSWORD, phone, agreement: true } });
    check('registration answers 200', reg.status === 200, `${reg.status} ${reg.body.code ?? ''} via ${reg.servedBy}`);
    const loginA = await call('POST', '/auth/login', { body: { account, password: PASSWORD }, node: 'a' });
    check(
      'login answers a token (on instance a)',
      loginA.status === 200 && !!loginA.body.data?.access_token && loginA.servedBy === 'a',
      `${loginA.status} via ${loginA.servedBy} ${JSON.stringify(loginA.body).slice(0, 200)}`,
    );
    const token = loginA.body.data.access_token;
    const servers = new Set();
    for (let i = 0; i < 6; i++) {
      const me = await call('GET', '/auth/me', { token });
      if (me.status === 200) servers.add(me.servedBy);
    }
    check('the session works on both instances', servers.size === 2, [...servers].join(', '));

    // Deposit: the order is created through one instance; the gateway's callback comes back through the balancer.
    const created = await call('POST', '/finance/deposit/create', { token, body: { method: 'card', amount: '2000' } });
    check('a deposit order is created', created.status === 200 && created.body.data?.id, `${created.status} ${JSON.stringify(created.body.code ?? '')}`);
    const paid = await fetch(`${sim.url}/sim/gateway/orders/${created.body.data.id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    check('the stand-in gateway marks the order paid', paid.ok, String(paid.status));
    await waitFor('the deposit callback credits the player', async () => (await call('GET', '/auth/me', { token })).body.data?.amount === '2000.00');
    check('the deposit callback credited 2000.00 once', true);

    // Transfers to and from a game platform.
    const toSlx = await call('POST', '/players/deposit/SLX', { token, body: { money: '300.00' } });
    check(
      'transfer central -> SLX applied',
      toSlx.status === 200 && toSlx.body.data?.status === 'applied',
      `${toSlx.status} ${JSON.stringify(toSlx.body.data ?? toSlx.body.code)} via ${toSlx.servedBy}`,
    );
    const fromSlx = await call('POST', '/players/withdraw/SLX', { token, body: { money: '100.00' } });
    check(
      'transfer SLX -> central applied',
      fromSlx.status === 200 && fromSlx.body.data?.status === 'applied',
      `${fromSlx.status} ${JSON.stringify(fromSlx.body.data ?? fromSlx.body.code)} via ${fromSlx.servedBy}`,
    );
    const afterTransfers = await call('GET', '/auth/me', { token });
    check('central balance is 1800.00 after the transfers', afterTransfers.body.data?.amount === '1800.00', afterTransfers.body.data?.amount);

    // Play: spins at the stand-in slot until the turnover a withdrawal needs (the deposit, once over) is
    // reached; the bet-ingestion job (on whichever instance holds its lock) brings the bets in.
    const link = await call('GET', '/games/link/SLX?productId=lucky-7', { token });
    const session = link.body.data?.url ? new URL(link.body.data.url).searchParams.get('session') : null;
    check('a game launch link is answered', link.status === 200 && !!session, `${link.status} via ${link.servedBy}`);
    const STAKE_MINOR = 500n;
    let staked = 0n;
    let spins = 0;
    let topUps = 0;
    // The slot's luck decides how much the 200.00 on the platform lasts: up to 24 top-ups of 50.00 keep the run from
    // ending on a losing streak (about four standard deviations of 400 spins) and leave 600.00 for the withdrawal.
    while (staked < 200_000n) {
      const spin = await fetch(`${sim.url}/play-api/SLX/lucky-7/bets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session': session },
        body: JSON.stringify({ stakeMinor: STAKE_MINOR.toString(), option: 'spin' }),
      });
      const answer = await spin.json();
      if (spin.status === 422 && answer.code === 'INSUFFICIENT_FUNDS' && topUps < 24) {
        topUps++;
        const more = await call('POST', '/players/deposit/SLX', { token, body: { money: '50.00' } });
        if (more.body.data?.status !== 'applied') throw new Error(`FAILED: top-up transfer: ${JSON.stringify(more.body)}`);
        continue;
      }
      if (!spin.ok) throw new Error(`FAILED: spin ${spins}: ${spin.status} ${JSON.stringify(answer)}`);
      staked += STAKE_MINOR;
      spins++;
    }
    const records = await waitFor(
      'the bet-ingestion job brings every spin in',
      async () => {
        const r = await call('GET', '/players/bet/records?code=SLX', { token });
        return r.body.data?.total === spins ? r : undefined;
      },
      20_000,
      300,
    );
    check(`${spins} spins ingested and shown through the balancer`, true, `valid bet ${records.body.data.totals?.valid_bet}`);
    const beforeWithdrawal = (await call('GET', '/auth/me', { token })).body.data?.amount;

    // Withdrawal: personal details, a bank card (approved as an operator would), then the request.
    const info = await call('PUT', '/auth/info', { token, body: { real_name: '王小明', gender: 'male', birthday: '1990-01-01' } });
    check('personal details saved', info.status === 200, String(info.status));
    const cardNumber = `88${String(Date.now()).slice(-10)}`;
    const card = await call('POST', '/players/debit-card/store', {
      token,
      body: { bank: '004', market: '台北分行', account_name: '王小明', card_number: cardNumber, card_number_confirm: cardNumber },
    });
    check('bank card stored', card.status === 200, `${card.status} ${JSON.stringify(card.body.code ?? '')}`);
    const cards = await call('GET', '/players/debit-card/list', { token });
    const cardId = cards.body.data?.data?.[0]?.id;
    await db.query('update bank_cards set status_debit_card = 1 where id = $1', [cardId]);
    const withdrawal = await call('POST', '/finance/withdraw/create', { token, body: { money: '600', bank_card_id: cardId } });
    check(
      'withdrawal request accepted and held',
      withdrawal.status === 200 && withdrawal.body.data?.status === 'applying',
      `${withdrawal.status} ${JSON.stringify(withdrawal.body.data ?? withdrawal.body.code)}`,
    );
    const afterWithdrawal = await call('GET', '/auth/me', { token });
    const expected = (Number(beforeWithdrawal) - 600).toFixed(2);
    check(
      `central balance goes from ${beforeWithdrawal} to ${expected} with 600.00 held`,
      afterWithdrawal.body.data?.amount === expected,
      afterWithdrawal.body.data?.amount,
    );

    console.log('\n== a second login on b signs out the socket held on a ==');
    const socket = await openSocket(lbUrl, token, 'a');
    const notice = new Promise((resolve) => socket.once('double-login', resolve));
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const loginB = await call('POST', '/auth/login', { body: { account, password: PASSWORD }, node: 'b' });
    check('the second login is answered by instance b', loginB.status === 200 && loginB.servedBy === 'b', `via ${loginB.servedBy}`);
    const got = await Promise.race([notice.then(() => true), sleep(5_000).then(() => false)]);
    check('the socket held on instance a hears double-login', got);
    const gone = await Promise.race([closed.then(() => true), sleep(5_000).then(() => false)]);
    check('and is disconnected', gone);
    const oldToken = await call('GET', '/auth/me', { token });
    check('the first session no longer works', oldToken.status === 401, String(oldToken.status));
    const token2 = loginB.body.data.access_token;

    console.log('\n== jobs: each one run by one instance at a time ==');
    await sleep(4_000);
    const runs = [];
    for (const [name, inst] of Object.entries(instances)) {
      for (const line of inst.lines) {
        if (!line.includes('"job ran"')) continue;
        try {
          const e = JSON.parse(line);
          runs.push({ instance: name, job: e.job, startedAt: e.startedAt, endedAt: e.endedAt });
        } catch {
          /* not a log line */
        }
      }
    }
    for (const job of ['reconcile-transfers', 'ingest-bets', 'expire-deposits']) {
      const list = runs.filter((r) => r.job === job).sort((x, y) => x.startedAt - y.startedAt);
      let overlaps = 0;
      for (let i = 1; i < list.length; i++) if (list[i].startedAt < list[i - 1].endedAt && list[i].instance !== list[i - 1].instance) overlaps++;
      const by = { a: list.filter((r) => r.instance === 'a').length, b: list.filter((r) => r.instance === 'b').length };
      check(
        `${job} ran, never on both instances at once`,
        list.length >= 5 && overlaps === 0,
        `${list.length} runs (a ${by.a}, b ${by.b}), ${overlaps} overlapping`,
      );
    }

    console.log('\n== SIGKILL one instance under load ==');
    const players = [];
    for (let i = 0; i < 4; i++) {
      const acc = `lk${randomBytes(4).toString('hex')}`;
      const r = await call('POST', '/auth/register', {
        body: {
          account: acc,
          password: PASSWORD,
          password_confirm: PASSWORD,
          phone: `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          agreement: true,
        },
      });
      const l = await call('POST', '/auth/login', { body: { account: acc, password: PASSWORD } });
      if (r.status !== 200 || l.status !== 200) throw new Error(`FAILED: load player ${acc}: ${r.status}/${l.status}`);
      players.push(l.body.data.access_token);
    }
    players.push(token2);
    const tally = { before: { ok: 0, failed: 0, by: {} }, during: { ok: 0, failed: 0, by: {} }, after: { ok: 0, failed: 0, by: {} } };
    let phase = 'before';
    let stop = false;
    const load = players.map(async (t, i) => {
      const c = client(lbUrl);
      let n = 0;
      while (!stop) {
        const p = phase;
        // Reads and money movements both: transfers in and out of a platform keep the ledger busy.
        const r =
          n % 3 === 0
            ? await c('GET', '/auth/me', { token: t }).catch(() => ({ status: 0 }))
            : await c('POST', `/players/${n % 3 === 1 ? 'deposit' : 'withdraw'}/SLX`, { token: t, body: { money: '0.01' } }).catch(() => ({ status: 0 }));
        n++;
        const bucket = tally[p];
        // A transfer may be refused for want of money at the platform (a 4xx with a reason); only 5xx and
        // dropped connections count as failures of the site.
        if (r.status > 0 && r.status < 500) {
          bucket.ok++;
          bucket.by[r.servedBy] = (bucket.by[r.servedBy] ?? 0) + 1;
        } else bucket.failed++;
        if (i === 0 && n % 10 === 0) await sleep(0);
      }
    });
    await sleep(3_000);
    phase = 'during';
    instances.a.child.kill('SIGKILL');
    await instances.a.exited;
    const killedAt = Date.now();
    // Requests in flight on the killed instance fail; the balancer marks it down within two checks.
    await sleep(2_000);
    phase = 'after';
    await sleep(4_000);
    stop = true;
    await Promise.all(load);
    console.log(`  load before the kill: ${tally.before.ok} answered ${JSON.stringify(tally.before.by)}, ${tally.before.failed} failed`);
    console.log(
      `  load in the 2 s after the kill: ${tally.during.ok} answered ${JSON.stringify(tally.during.by)}, ${tally.during.failed} failed (a failure here is a request that was in flight on the killed instance)`,
    );
    console.log(`  load from 2 s after the kill: ${tally.after.ok} answered ${JSON.stringify(tally.after.by)}, ${tally.after.failed} failed`);
    check('both instances served the load before the kill', (tally.before.by.a ?? 0) > 0 && (tally.before.by.b ?? 0) > 0);
    check(
      'after the kill instance b serves everything',
      tally.after.ok > 20 && tally.after.failed === 0 && !tally.after.by.a,
      `${Date.now() - killedAt} ms after`,
    );
    const meAfter = await call('GET', '/auth/me', { token: token2 });
    check('sessions keep working on the survivor', meAfter.status === 200 && meAfter.servedBy === 'b', `via ${meAfter.servedBy}`);

    // Whatever the kill interrupted is settled by the survivor's reconciliation before the ledger check.
    await waitFor(
      'no pending platform transfers left',
      async () => (await db.query(`select count(*)::int as n from platform_transfers where status = 'pending'`)).rows[0].n === 0,
      30_000,
      500,
    );
    const ledger = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/ledger/cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: DB_URL },
      encoding: 'utf8',
    });
    check('npm run ledger:check passes', ledger.status === 0, (ledger.stdout + ledger.stderr).trim().split('\n')[0]);
    socket.disconnect();
  } finally {
    await db.end().catch(() => {});
    await cluster.close();
  }
  console.log(`\ntwo instances behind HAProxy: ${checks} checks passed`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
