// Realtime at scale, printed as figures: N signed-in socket.io clients (10,000 by default) connect through HAProxy to
// two app instances (src/server/main.ts) that share PostgreSQL and Redis, round robin, so each instance holds about
// half. Then:
//   - a system event: a red-packet round is made to open now and the instances' own red-packet job (one instance at a
//     time, under its advisory lock) publishes show-redEnvelope; every socket must receive it. Latency per socket is
//     from the round's opened_at (set by the job in the statement just before it publishes) to the client's receipt,
//     so it is an upper bound of "from publish"; goal p99 <= 1 s;
//   - private events: system-money-action to a sample of players, sent through the app's own publisher (createRealtime
//     with the same Redis adapter and key prefix, as a third instance holding no sockets); each must reach its player's
//     socket and no other;
//   - memory: each instance's resident memory before and after the sockets connected, per socket held.
// Run: node --disable-warning=ExperimentalWarning tests/perf/realtime-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped), REDIS_URL
//      (default redis://127.0.0.1:6379), REALTIME_BENCH_SOCKETS (10000), REALTIME_BENCH_PRIVATE (50), HAPROXY_BIN.
//      REALTIME_BENCH_WORKERS (4): the clients run in that many worker threads, each with its event loop, so one busy
//      loop parsing thousands of frames does not delay the receipt times of the sockets behind it.
// 10,000 sockets need about 20,000 file descriptors in HAProxy, 5,000 in each instance and 10,000 in this process; the
// bench prints `ulimit -n` and stops early when it is too low. A receipt is timed with Date.now() in the worker's
// handler, the first thing it does, against opened_at from PostgreSQL on the same machine (same clock).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { io as connectSocket } from 'socket.io-client';
import { createDb, percentile } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HAPROXY = process.env.HAPROXY_BIN || 'haproxy';
export const GOALS = { p99Ms: 1_000, sockets: 10_000 };
const METRICS_TOKEN = `bench-${randomBytes(8).toString('hex')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

function startProcess(cmd, args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

async function waitReady(url, child, logFile) {
  const until = Date.now() + 90_000;
  while (!(await fetch(`${url}/api/ready`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`instance exited during start-up; see ${logFile}`);
    if (Date.now() > until) throw new Error(`instance not ready; see ${logFile}`);
    await sleep(200);
  }
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  return Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/**
 * One worker's clients: connects its share in waves, times show-redEnvelope at receipt, records private events, and
 * answers 'report' with what it saw; 'close' disconnects everything.
 */
async function clientWorker({ lbUrl, people, wave }) {
  const entries = [];
  for (let i = 0; i < people.length; i += wave) {
    await Promise.all(people.slice(i, i + wave).map((p) => new Promise((resolve, reject) => {
      const s = connectSocket(lbUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000, auth: { token: p.token } });
      const entry = { playerId: p.playerId, socket: s, system: undefined, privates: [] };
      s.on('show-redEnvelope', () => { entry.system ??= Date.now(); });
      s.on('system-money-action', (payload) => { entry.privates.push(payload?.target); });
      s.once('connect', () => { entries.push(entry); resolve(); });
      s.once('connect_error', (err) => reject(new Error(`socket of player ${p.playerId}: ${err.message}`)));
    })));
    parentPort.postMessage({ kind: 'progress', connected: entries.length });
  }
  parentPort.postMessage({ kind: 'connected', connected: entries.length });
  parentPort.on('message', (m) => {
    if (m === 'report') {
      parentPort.postMessage({ kind: 'report', seen: entries.map((e) => ({ playerId: e.playerId, system: e.system, privates: e.privates })) });
    } else if (m === 'close') {
      for (const e of entries) e.socket.disconnect();
      parentPort.close();
    }
  });
}

if (!isMainThread && workerData?.kind === 'realtime-clients') {
  clientWorker(workerData).catch((err) => parentPort.postMessage({ kind: 'error', error: String(err?.stack ?? err) }));
}

/** The file-descriptor limit of processes this shell starts (ulimit -n), or NaN. */
function fdLimit() {
  return Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
}

export async function realtimeBench(opts = {}) {
  const socketsN = opts.sockets ?? Number(process.env.REALTIME_BENCH_SOCKETS ?? GOALS.sockets);
  const privateN = Math.min(socketsN, opts.privateTargets ?? Number(process.env.REALTIME_BENCH_PRIVATE ?? 50));
  const log = opts.log ?? ((line) => console.log(line));
  const t0 = Date.now();
  const progress = (what) => process.stderr.write(`  [realtime bench +${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}\n`);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const version = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error(`haproxy not found (${HAPROXY})`);
  const workersN = Math.max(1, Math.min(16, opts.workers ?? Number(process.env.REALTIME_BENCH_WORKERS ?? 4)));
  // This process holds every client socket and each instance about half: raise `ulimit -n` first if it is short.
  const fds = fdLimit();
  progress(`ulimit -n ${fds}; ${workersN} client workers`);
  // HAProxy holds both ends of every socket: it needs twice as many descriptors and cannot raise its hard limit unless root.
  if (fds < socketsN * 2 + 200) progress(`warning: HAProxy needs about ${socketsN * 2 + 200} descriptors for ${socketsN} sockets; ulimit -n allows ${fds}`);
  if (fds < socketsN + 1_000) throw new Error(`ulimit -n is ${fds}: ${socketsN} sockets need at least ${socketsN + 1_000} (run \`ulimit -n 65536\` first)`);

  const { url: dbUrl, drop } = await createDb('bench_rt');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'realtime-bench-'));
  const prefix = `rtb-${randomBytes(4).toString('hex')}:`;
  const children = [];
  const workers = [];
  let sockets = [];
  let database;
  let side;
  try {
    const { openDatabase } = await import('../../src/server/db/client.ts');
    const { seedReference } = await import('../../src/server/seed.ts');
    const { players, sessions } = await import('../../src/server/db/schema.ts');
    const { newToken } = await import('../../src/server/modules/auth/tokens.ts');
    const { insertRound } = await import('../../src/server/modules/redpacket/repository.ts');
    const { drawPackets } = await import('../../src/server/modules/redpacket/service.ts');
    const { createRealtime } = await import('../../src/server/realtime/server.ts');
    const { Redis } = await import('ioredis');
    const { sql } = await import('drizzle-orm');

    database = await openDatabase({ url: dbUrl, poolMax: 4 });
    await seedReference(database.db);
    // Players and sessions in bulk, as if each had signed in already.
    const people = [];
    for (let i = 0; i < socketsN; i += 1_000) {
      const batch = Array.from({ length: Math.min(1_000, socketsN - i) }, (_, j) => ({
        account: `rt${i + j}${randomBytes(2).toString('hex')}`.slice(0, 12), passwordHash: 'unused', recommendCode: `RT${i + j}${randomBytes(3).toString('hex')}`,
      }));
      const rows = await database.db.insert(players).values(batch).returning({ id: players.id });
      const sess = rows.map((r) => {
        const { token, hash } = newToken();
        people.push({ playerId: r.id, token });
        return { playerId: r.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) };
      });
      await database.db.insert(sessions).values(sess);
    }

    progress(`${people.length} players and sessions made`);
    // Two instances: only the red-packet job runs often; the others are off so they do not weigh on the figures.
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, NODE_ENV: 'test', SEED_DEMO: '0', TRUST_PROXY: '1', LOG_LEVEL: 'warn',
      SERVE_PAGES: '0', METRICS_TOKEN, RATE_LIMIT_PER_MIN: '100000000', DB_POOL_MAX: '10', RED_PACKET_TICK_MS: '100',
      RECONCILE_INTERVAL_MS: '0', BET_INGEST_INTERVAL_MS: '0', DEPOSIT_EXPIRY_INTERVAL_MS: '0', VIP_NIGHTLY_INTERVAL_MS: '0',
    };
    const instances = [];
    for (const [name, port] of [['a', portA], ['b', portB]]) {
      const logFile = path.join(tmp, `instance-${name}.log`);
      const child = startProcess(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], { ...env, PORT: String(port), HOST: '127.0.0.1' }, logFile);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child, logFile);
      instances.push({ name, child, url, logFile });
    }
    const template = fs.readFileSync(path.join(ROOT, 'tests/lb/haproxy.cfg.template'), 'utf8');
    const cfg = template.replace('{{BIND}}', `127.0.0.1:${portLb}`)
      // Room for every socket, both sides of each through the balancer.
      // maxconn counts client connections; HAProxy wants two descriptors for each (client and server side) and refuses
      // to start when its ulimit cannot hold them, so the limit is what the sockets need, within the descriptors there are.
      .replace(/maxconn \d+/, `maxconn ${Math.min(Math.max(4_096, socketsN + 500), Math.floor((fds - 200) / 2))}`)
      // The frontend's own limit, which would otherwise be HAProxy's default rather than the global one.
      .replace('defaults\n', `defaults\n    maxconn ${Math.min(Math.max(4_096, socketsN + 500), Math.floor((fds - 200) / 2))}\n`)
      // A connection storm slows /api/ready past the check interval; a slow check is not an instance down, and an
      // instance marked down here would cut the sockets it holds (on-marked-down shutdown-sessions).
      .replace('timeout server 60s', 'timeout server 60s\n    timeout check 5s')
      .replace('{{SERVERS}}', [['a', portA], ['b', portB]].map(([n, p]) => `    server ${n} 127.0.0.1:${p} check`).join('\n'));
    const cfgFile = path.join(tmp, 'haproxy.cfg');
    fs.writeFileSync(cfgFile, cfg);
    const haproxy = startProcess(HAPROXY, ['-db', '-f', cfgFile], {}, path.join(tmp, 'haproxy.log'));
    children.push(haproxy);
    const lbUrl = `http://127.0.0.1:${portLb}`;
    for (let seen = new Set(), until = Date.now() + 20_000; seen.size < 2;) {
      if (Date.now() > until) throw new Error('both instances not up behind HAProxy');
      const r = await fetch(`${lbUrl}/api/health`).catch(() => undefined);
      if (r?.ok) seen.add(r.headers.get('x-served-by'));
      await sleep(50);
    }
    await sleep(1_500); // the balancer's health checks mark both up (rise 2, inter 500 ms)

    progress('two instances up behind HAProxy');
    const rssBefore = Object.fromEntries(instances.map((i) => [i.name, rssMb(i.child.pid)]));
    const clientRssBefore = process.memoryUsage().rss / 1024 / 1024;

    // The sockets, WebSocket only (as browsers use it through the balancer), connected in waves by each worker.
    const connectStarted = performance.now();
    const WAVE = 100;
    const share = Math.ceil(people.length / workersN);
    const connectedPer = new Array(workersN).fill(0);
    let lastProgress = 0;
    await Promise.all(Array.from({ length: workersN }, (_, w) => new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url), {
        workerData: { kind: 'realtime-clients', lbUrl, people: people.slice(w * share, (w + 1) * share), wave: Math.ceil(WAVE / workersN) },
        execArgv: ['--disable-warning=ExperimentalWarning'],
      });
      workers.push(worker);
      worker.on('message', (m) => {
        if (m.kind === 'progress' || m.kind === 'connected') {
          connectedPer[w] = m.connected;
          const total = connectedPer.reduce((a, b) => a + b, 0);
          if (total - lastProgress >= 1_000) {
            lastProgress = total;
            progress(`${total} sockets connected`);
          }
        }
        if (m.kind === 'connected') resolve();
        if (m.kind === 'error') reject(new Error(m.error));
      });
      worker.once('error', reject);
    })));
    const report = () => Promise.all(workers.map((worker) => new Promise((resolve) => {
      const onMessage = (m) => {
        if (m.kind !== 'report') return;
        worker.off('message', onMessage);
        resolve(m.seen);
      };
      worker.on('message', onMessage);
      worker.postMessage('report');
    }))).then((parts) => parts.flatMap((seen, w) => seen.map((x) => ({ ...x, worker: w }))));
    sockets = await report();
    const connectS = (performance.now() - connectStarted) / 1000;
    progress(`${sockets.length} sockets connected`);
    await sleep(2_000); // memory settles (handshake buffers freed)
    // How many sockets each instance holds, as its own sockets_connected metric says.
    const held = {};
    for (const i of instances) {
      const res = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      held[i.name] = Number(/^sockets_connected (\d+)$/m.exec(await res.text())?.[1] ?? Number.NaN);
    }
    const rssAfter = Object.fromEntries(instances.map((i) => [i.name, rssMb(i.child.pid)]));
    const clientRssAfter = process.memoryUsage().rss / 1024 / 1024;

    // Private events through the app's publisher, as a third instance with no sockets of its own.
    const pub = new Redis(redisUrl, { enableAutoPipelining: true });
    const sub = pub.duplicate();
    const dummy = http.createServer();
    side = { pub, sub, realtime: createRealtime({ httpServer: dummy, authenticate: async () => undefined, redis: { pub, sub, keyPrefix: prefix } }) };
    await sleep(500); // the adapter's subscriptions are in place
    const targets = [];
    for (let k = 0; k < privateN; k++) targets.push(sockets[Math.floor((k * sockets.length) / privateN)].playerId);
    for (const id of targets) side.realtime.publisher.toPlayer(id, 'system-money-action', { target: id });

    // The system event: a round opening now; the instances' job publishes show-redEnvelope.
    const amounts = drawPackets(100_000n, 100, 100n, 2_000n);
    const round = await database.db.transaction((tx) => insertRound(tx, {
      title: 'bench', titleEn: 'bench', startsAt: new Date(Date.now() - 1_000), endsAt: new Date(Date.now() + 3_600_000), poolMinor: 100_000n, packetCount: 100,
      minPacketMinor: 100n, maxPacketMinor: 2_000n, minLevel: 0, lookbackDays: 0, minDepositMinor: 0n, minValidBetMinor: 0n, flowMultiple: 1,
      approvalCeilingMinor: 1_000_000n, position: 'right', pictureId: null, showPageType: 0,
    }, amounts));
    progress(`round ${round.id} opens now; waiting for show-redEnvelope on every socket`);
    const until = Date.now() + 30_000;
    do {
      await sleep(250);
      sockets = await report();
    } while (sockets.some((s) => s.system === undefined) && Date.now() < until);
    await sleep(1_000); // late or duplicate private deliveries would show up here
    sockets = await report();
    const openedAt = new Date((await database.db.execute(sql`select opened_at from red_packet_rounds where id = ${round.id}`)).rows[0].opened_at).getTime();
    const latencies = sockets.filter((s) => s.system !== undefined).map((s) => s.system - openedAt).sort((a, b) => a - b);
    const missed = sockets.length - latencies.length;
    // Per worker: when one worker's sockets are much later than another's, the clients' own event loops are what costs;
    // when all are alike, the time is spent before the frames reach the clients (instances, HAProxy, the machine).
    const perWorker = Array.from({ length: workersN }, (_, w) => {
      const mine = sockets.filter((x) => x.worker === w && x.system !== undefined).map((x) => x.system - openedAt).sort((a, b) => a - b);
      return `${percentile(mine, 50).toFixed(0)}/${percentile(mine, 99).toFixed(0)}`;
    });

    const targetSet = new Set(targets);
    let privateDelivered = 0;
    let privateWrong = 0;
    for (const s of sockets) {
      for (const t of s.privates) {
        if (t === s.playerId && targetSet.has(t)) privateDelivered++;
        else privateWrong++;
      }
    }
    const perSocketKb = Object.fromEntries(instances.map((i) => [i.name, ((rssAfter[i.name] - rssBefore[i.name]) * 1024) / held[i.name]]));
    const out = {
      sockets: sockets.length, connectS, missed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN,
      privateTargets: targets.length, privateDelivered, privateWrong, rssBefore, rssAfter, perSocketKb, held,
      clientPerSocketKb: ((clientRssAfter - clientRssBefore) * 1024) / sockets.length, goals: GOALS,
    };
    log(`\n== Realtime: ${out.sockets} sockets over two instances behind HAProxy (${version.stdout.split('\n')[0]}), Redis fan-out ==\n`);
    log(`  ulimit -n ${fds}; clients in ${workersN} worker threads; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    log(`  connected in ${connectS.toFixed(1)} s (WebSocket, ${WAVE} at a time); held: ${instances.map((i) => `instance ${i.name} ${held[i.name]}`).join(', ')}`);
    log(`  show-redEnvelope from opened_at to receipt: p50 ${out.p50.toFixed(0)} ms, p99 ${out.p99.toFixed(0)} ms, max ${out.max.toFixed(0)} ms (goal p99 <= ${GOALS.p99Ms} ms); ${missed} socket(s) missed it`);
    log(`  per client worker, p50/p99 ms: ${perWorker.join(', ')}`);
    log(`  private system-money-action to ${targets.length} players: ${privateDelivered} delivered to their player, ${privateWrong} to anyone else (goal ${targets.length} and 0)`);
    log(`  memory per socket held: ${instances.map((i) => `instance ${i.name} ${out.perSocketKb[i.name].toFixed(1)} KB (RSS ${rssBefore[i.name].toFixed(0)} -> ${rssAfter[i.name].toFixed(0)} MB)`).join(', ')}; client side ${out.clientPerSocketKb.toFixed(1)} KB`);
    return out;
  } finally {
    for (const worker of workers) worker.postMessage('close');
    await Promise.all(workers.map((worker) => new Promise((r) => { worker.once('exit', r); setTimeout(() => { void worker.terminate(); }, 5_000).unref(); })));
    if (side) {
      side.realtime.stop();
      await side.pub.quit().catch(() => {});
      await side.sub.quit().catch(() => {});
    }
    await Promise.all(children.map(stop));
    await database?.close().catch(() => {});
    await drop().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  realtimeBench().then((r) => {
    const met = r.sockets >= GOALS.sockets && r.missed === 0 && r.p99 <= GOALS.p99Ms && r.privateWrong === 0 && r.privateDelivered === r.privateTargets;
    console.log(`\n  ${met ? 'goals met' : 'goals MISSED'}${r.sockets < GOALS.sockets ? ` (reduced run: ${r.sockets} of ${GOALS.sockets} sockets)` : ''}`);
    process.exit(0);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
