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
//      (default redis://127.0.0.1:6379), REALTIME_BENCH_SOCKETS (10000), REALTIME_BENCH_PRIVATE (50), HAPROXY_BIN,
//      REALTIME_BENCH_CLIENTS (4): client processes, REALTIME_BENCH_BALANCERS (2): HAProxy processes,
//      REALTIME_BENCH_ROUNDS (3): system events, one after another; the percentiles are over every receipt of all.
//      REALTIME_BENCH_CLIENT (tcp): the clients' kind, 'tcp' (a minimal Socket.IO client reading WebSocket frames from TCP,
//      below), 'wire' (the same on Node's WebSocket) or 'socket.io' (socket.io-client).
// Why several balancer processes and several client processes: a process's open files are capped by `ulimit -n`, and
// where the hard limit cannot be raised (20,000 on the shared development machine, even for root) one HAProxy process,
// which holds both ends of every connection, tops out near 9,900 sockets, and one client process holding 10,000 sockets
// near the same. Production meets this the way it is done here: several balancer processes (or hosts) behind one
// address. Each HAProxy process binds the same address with SO_REUSEPORT (HAProxy sets it by default), the kernel
// spreads the incoming connections over them, and each has its own descriptor limit; the two instances behind them
// are the same for every balancer. The clients are likewise forked processes (not threads of one process, which share
// its descriptor limit), each holding its share, with its own event loop so one busy loop parsing thousands of frames
// does not delay the receipt times of the sockets behind another.
// Measurement: a receipt is timed with Date.now() in the client's event handler, the first thing it does, against
// opened_at from PostgreSQL on the same machine (same clock). While the event is in flight the clients are only asked
// for a count (one small message each, every 250 ms); what each socket saw is collected after every socket has it, so
// the collection does not queue in front of the frames it times.
// Reading the figures: everything here (two instances, the balancers, the client processes, PostgreSQL, Redis) shares
// the machine's cores, so on a small or busy machine one event is CPU-bound: each instance writes the frame to each of
// its sockets (a loopback write is most of that cost), each balancer process copies it, each client parses it. The
// receipt times then follow the load average printed beside them more than any one of those parts.
import { fork, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket } from 'socket.io-client';
import { createDb, percentile } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HAPROXY = process.env.HAPROXY_BIN || 'haproxy';
export const GOALS = { p99Ms: 1_000, sockets: 10_000 };
const METRICS_TOKEN = `bench-${randomBytes(8).toString('hex')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Set in the forked client processes; the bench itself runs where it is unset. */
const ROLE = process.env.REALTIME_BENCH_ROLE;
const CLIENT_KINDS = {
  tcp: 'minimal Socket.IO protocol client, WebSocket frames read from TCP',
  wire: "minimal Socket.IO protocol client on Node's WebSocket",
  'socket.io': 'socket.io-client',
};

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
  while (
    !(await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
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
 * A socket.io client reduced to what the bench needs: the Engine.IO v4 / Socket.IO v5 text protocol (open '0', connect
 * '40' with the auth, event '42', ping '2' answered '3') over a WebSocket given by `transport(onText, onClose)`, which
 * returns { send(text), close() }. Each browser parses its frames on its own machine; here one process parses
 * thousands, and socket.io-client's layers (about 37 us of CPU a frame, as much as both instances spend writing it)
 * would make the clients' own backlog a large part of what is measured.
 * Same surface as socket.io-client for what is used: on, once('connect' | 'connect_error'), disconnect.
 */
function protocolSocket(auth, transport) {
  const handlers = new Map();
  const emit = (event, arg) => {
    for (const fn of handlers.get(event) ?? []) fn(arg);
  };
  const on = (event, fn) => {
    handlers.set(event, [...(handlers.get(event) ?? []), fn]);
  };
  let connected = false;
  const fail = (message) => {
    if (!connected) emit('connect_error', new Error(message));
    connected = true;
    ws.close();
  };
  const timer = setTimeout(() => fail('timeout'), 30_000);
  const ws = transport((data) => {
    if (data === '2') return ws.send('3');
    if (data.startsWith('42')) {
      const [event, payload] = JSON.parse(data.slice(2));
      return emit(event, payload);
    }
    if (data[0] === '0') return ws.send(`40${JSON.stringify(auth)}`);
    if (data.startsWith('40')) {
      clearTimeout(timer);
      connected = true;
      return emit('connect');
    }
    if (data.startsWith('44')) {
      clearTimeout(timer);
      return fail(JSON.parse(data.slice(2))?.message ?? 'refused');
    }
    return undefined;
  }, fail);
  return { on, once: on, disconnect: () => ws.close() };
}

/** The WebSocket of Node's own (undici's), as a browser-like client would use it. */
function webSocketTransport(lbUrl) {
  return (onText, onClose) => {
    const ws = new WebSocket(`${lbUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    ws.onmessage = ({ data }) => onText(data);
    ws.onerror = () => onClose('websocket error');
    return { send: (text) => ws.send(text), close: () => ws.close() };
  };
}

/**
 * RFC 6455 directly on a TCP socket, with no more than the bench needs: the upgrade handshake (its accept key
 * checked), unmasked text frames from the server (a fragmented one is refused rather than misread), close and ping,
 * and masked text frames to it. About a third of the CPU a frame of Node's WebSocket (whose per-message events,
 * decoders and first-message set-up are most of the clients' part of a receipt time), so the receipt times
 * say more about the instances and the balancers and less about the bench's own receiving side.
 */
function tcpTransport(lbUrl) {
  const { hostname, port } = new URL(lbUrl);
  return (onText, onClose) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    const sock = net.connect({ host: hostname, port: Number(port) }, () => {
      sock.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    sock.setNoDelay(true);
    const frame = (opcode, payload) => {
      const mask = randomBytes(4);
      const head =
        payload.length < 126
          ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
          : Buffer.from([0x80 | opcode, 0xfe, payload.length >> 8, payload.length & 0xff]);
      const body = Buffer.allocUnsafe(payload.length);
      for (let i = 0; i < payload.length; i++) body[i] = payload[i] ^ mask[i & 3];
      sock.write(Buffer.concat([head, mask, body]));
    };
    let buf = Buffer.alloc(0);
    let upgraded = false;
    let closed = false;
    const close = (why) => {
      if (closed) return;
      closed = true;
      sock.destroy();
      if (why) onClose(why);
    };
    sock.on('data', (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString('latin1');
        // Header names in any case: HAProxy passes them on in lower case.
        if (!head.startsWith('HTTP/1.1 101') || !head.toLowerCase().includes(`\r\nsec-websocket-accept: ${accept.toLowerCase()}`))
          return close(`handshake refused: ${head.split('\r\n')[0]}`);
        upgraded = true;
        buf = buf.subarray(end + 4);
      }
      while (buf.length >= 2) {
        const fin = buf[0] & 0x80;
        const opcode = buf[0] & 0x0f;
        let length = buf[1] & 0x7f;
        let at = 2;
        if (length === 126) {
          if (buf.length < 4) return;
          length = buf.readUInt16BE(2);
          at = 4;
        } else if (length === 127) {
          if (buf.length < 10) return;
          length = Number(buf.readBigUInt64BE(2));
          at = 10;
        }
        if (buf.length < at + length) return;
        const payload = buf.subarray(at, at + length);
        buf = buf.subarray(at + length);
        if (!fin || opcode === 0) return close('fragmented frame');
        if (opcode === 1) onText(payload.toString('utf8'));
        else if (opcode === 8) return close('closed by the server');
        else if (opcode === 9) frame(0xa, payload);
      }
    });
    sock.on('error', (err) => close(err.message));
    sock.on('close', () => close('connection closed'));
    return {
      send: (text) => {
        if (!closed) frame(1, Buffer.from(text));
      },
      close: () => close(),
    };
  };
}

/**
 * One client process: receives its share of players, connects them in waves, times show-redEnvelope at receipt,
 * records private events; answers 'arm' (an event is coming: its CPU is counted from here), 'status' with the count of one
 * round's receipts, 'report' with what each socket saw; 'close' disconnects.
 */
async function clientProcess() {
  const { lbUrl, people, wave, kind } = await new Promise((resolve) => process.once('message', resolve));
  const rssStartMb = process.memoryUsage().rss / 1024 / 1024;
  const entries = [];
  // Per round id: how many of this process's sockets have show-redEnvelope, and the CPU this process spent from the
  // round being announced ('arm') until the last of them had it.
  const seenPerRound = new Map();
  const cpuPerRound = new Map();
  let armedCpu = process.cpuUsage();
  for (let i = 0; i < people.length; i += wave) {
    await Promise.all(
      people.slice(i, i + wave).map(
        (p) =>
          new Promise((resolve, reject) => {
            const s =
              kind === 'tcp' || kind === 'wire'
                ? protocolSocket({ token: p.token }, (kind === 'tcp' ? tcpTransport : webSocketTransport)(lbUrl))
                : connectSocket(lbUrl, {
                    path: '/socket.io',
                    transports: ['websocket'],
                    reconnection: false,
                    forceNew: true,
                    timeout: 30_000,
                    auth: { token: p.token },
                  });
            const entry = { playerId: p.playerId, socket: s, system: {}, privates: [] };
            s.on('show-redEnvelope', (payload) => {
              const at = Date.now();
              const round = payload?.redEnvelopeId;
              if (entry.system[round] !== undefined) return;
              entry.system[round] = at;
              const n = (seenPerRound.get(round) ?? 0) + 1;
              seenPerRound.set(round, n);
              if (n === entries.length) {
                const cpu = process.cpuUsage(armedCpu);
                cpuPerRound.set(round, (cpu.user + cpu.system) / 1_000);
              }
            });
            s.on('system-money-action', (payload) => {
              entry.privates.push(payload?.target);
            });
            s.once('connect', () => {
              entries.push(entry);
              resolve();
            });
            s.once('connect_error', (err) => reject(new Error(`socket of player ${p.playerId}: ${err.message}`)));
          }),
      ),
    );
    process.send({ kind: 'progress', connected: entries.length });
  }
  await sleep(2_000); // memory settles (handshake buffers freed)
  process.send({ kind: 'connected', connected: entries.length, rssStartMb, rssMb: process.memoryUsage().rss / 1024 / 1024 });
  process.on('message', (m) => {
    if (m.ask === 'arm') {
      armedCpu = process.cpuUsage();
      process.send({ kind: 'armed' });
    } else if (m.ask === 'status') {
      process.send({ kind: 'status', system: seenPerRound.get(m.round) ?? 0, cpuMs: cpuPerRound.get(m.round) });
    } else if (m.ask === 'report') {
      process.send({ kind: 'report', seen: entries.map((e) => ({ playerId: e.playerId, system: e.system, privates: e.privates })) });
    } else if (m.ask === 'close') {
      for (const e of entries) e.socket.disconnect();
      setTimeout(() => process.exit(0), 200);
    }
  });
}

if (ROLE === 'clients') {
  clientProcess().catch((err) => {
    process.send?.({ kind: 'error', error: String(err?.stack ?? err) });
    setTimeout(() => process.exit(1), 200);
  });
}

/** Sends one command to a HAProxy process's stats socket and returns its answer. */
function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    let out = '';
    const c = net.connect(socketPath, () => c.end(`${command}\n`));
    c.setEncoding('utf8');
    c.on('data', (d) => {
      out += d;
    });
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
}

/** From `show stat`: the frontend's current sessions and whether each server is UP, as this HAProxy process sees it. */
async function haproxyState(socketPath) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const rows = csv
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(','));
  const frontend = rows.find((r) => r[0] === 'site' && r[1] === 'FRONTEND');
  return { sessions: Number(frontend?.[4] ?? Number.NaN), up: rows.filter((r) => r[0] === 'app' && r[1] !== 'BACKEND' && r[17] === 'UP').map((r) => r[1]) };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, in clock ticks of 10 ms; threads included). */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time the whole machine has spent busy so far (every core, everything but idle and I/O wait), in ms. */
function machineBusyMs() {
  const v = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (v.reduce((x, y) => x + y, 0) - v[3] - v[4]) * 10;
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
  const clientKind = opts.client ?? process.env.REALTIME_BENCH_CLIENT ?? 'tcp';
  if (!CLIENT_KINDS[clientKind]) throw new Error(`REALTIME_BENCH_CLIENT: one of ${Object.keys(CLIENT_KINDS).join(', ')}`);
  const roundsN = Math.max(1, Math.min(10, opts.rounds ?? Number(process.env.REALTIME_BENCH_ROUNDS ?? 3)));
  const clientsN = Math.max(1, Math.min(16, opts.clients ?? Number(process.env.REALTIME_BENCH_CLIENTS ?? 4)));
  const balancersN = Math.max(1, Math.min(8, opts.balancers ?? Number(process.env.REALTIME_BENCH_BALANCERS ?? 2)));
  const loadBefore = os.loadavg();
  // Every process here has the same `ulimit -n`: each client process holds its share of the sockets, each instance
  // about half, and each HAProxy process both ends of the connections the kernel hands it (about an even share).
  const fds = fdLimit();
  const share = Math.ceil(socketsN / clientsN);
  // A balancer may take every socket if it can; the descriptors it has are the cap (two per connection).
  const balancerMaxconn = Math.min(Math.max(4_096, socketsN + 500), Math.floor((fds - 200) / 2));
  progress(`ulimit -n ${fds}; ${clientsN} client processes of ${share} sockets; ${balancersN} HAProxy processes of maxconn ${balancerMaxconn}`);
  if (fds < share + 500 || fds < socketsN / 2 + 1_000) {
    throw new Error(
      `ulimit -n is ${fds}: ${socketsN} sockets need ${share + 500} per client process (more REALTIME_BENCH_CLIENTS) and ${Math.ceil(socketsN / 2) + 1_000} per instance`,
    );
  }
  // The kernel's spread over the balancers is a hash of each connection's addresses, even on average but not exactly.
  if ((socketsN / balancersN) * 1.1 > balancerMaxconn)
    progress(`warning: ${balancersN} HAProxy processes of maxconn ${balancerMaxconn} are short for ${socketsN} sockets; raise REALTIME_BENCH_BALANCERS`);

  const { url: dbUrl, drop } = await createDb('bench_rt');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'realtime-bench-'));
  const prefix = `rtb-${randomBytes(4).toString('hex')}:`;
  const children = [];
  const clients = [];
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
        account: `rt${i + j}${randomBytes(2).toString('hex')}`.slice(0, 12),
        passwordHash: 'unused',
        recommendCode: `RT${i + j}${randomBytes(3).toString('hex')}`,
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
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SERVE_PAGES: '0',
      METRICS_TOKEN,
      RATE_LIMIT_PER_MIN: '100000000',
      DB_POOL_MAX: '10',
      RED_PACKET_TICK_MS: '100',
      RECONCILE_INTERVAL_MS: '0',
      BET_INGEST_INTERVAL_MS: '0',
      DEPOSIT_EXPIRY_INTERVAL_MS: '0',
      VIP_NIGHTLY_INTERVAL_MS: '0',
    };
    const instances = [];
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ]) {
      const logFile = path.join(tmp, `instance-${name}.log`);
      const child = startProcess(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'],
        { ...env, PORT: String(port), HOST: '127.0.0.1' },
        logFile,
      );
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child, logFile);
      instances.push({ name, child, url, logFile });
    }
    const template = fs.readFileSync(path.join(ROOT, 'tests/lb/haproxy.cfg.template'), 'utf8');
    const balancers = [];
    for (let k = 0; k < balancersN; k++) {
      const statsSocket = path.join(tmp, `haproxy-${k}.sock`);
      const cfg = template
        .replace('{{BIND}}', `127.0.0.1:${portLb}`)
        // Each process's stats socket, for the connections it holds and how it sees the instances.
        .replace('global\n', `global\n    stats socket ${statsSocket} mode 600 level operator\n`)
        // maxconn counts client connections; HAProxy wants two descriptors for each (client and server side) and
        // refuses to start when its ulimit cannot hold them, so the limit is what the sockets need, within the
        // descriptors there are. Every process binds the same address with SO_REUSEPORT (HAProxy's default).
        .replace(/maxconn \d+/, `maxconn ${balancerMaxconn}`)
        // The frontend's own limit, which would otherwise be HAProxy's default rather than the global one.
        .replace('defaults\n', `defaults\n    maxconn ${balancerMaxconn}\n`)
        // A connection storm slows /api/ready past the check interval; a slow check is not an instance down, and an
        // instance marked down here would cut the sockets it holds (on-marked-down shutdown-sessions).
        .replace('timeout server 60s', 'timeout server 60s\n    timeout check 5s')
        .replace(
          '{{SERVERS}}',
          [
            ['a', portA],
            ['b', portB],
          ]
            .map(([n, p]) => `    server ${n} 127.0.0.1:${p} check`)
            .join('\n'),
        );
      const cfgFile = path.join(tmp, `haproxy-${k}.cfg`);
      fs.writeFileSync(cfgFile, cfg);
      const logFile = path.join(tmp, `haproxy-${k}.log`);
      const haproxy = startProcess(HAPROXY, ['-db', '-f', cfgFile], {}, logFile);
      children.push(haproxy);
      balancers.push({ statsSocket, child: haproxy, logFile });
    }
    const lbUrl = `http://127.0.0.1:${portLb}`;
    // Every balancer process marks both instances up with its own health checks (rise 2, inter 500 ms).
    for (const [k, b] of balancers.entries()) {
      for (const until = Date.now() + 20_000; ;) {
        if (b.child.exitCode !== null) throw new Error(`HAProxy process ${k} exited; see ${b.logFile}: ${fs.readFileSync(b.logFile, 'utf8').slice(0, 500)}`);
        const state = await haproxyState(b.statsSocket).catch(() => undefined);
        if (state?.up.length === 2) break;
        if (Date.now() > until)
          throw new Error(`both instances not up behind HAProxy process ${k} (${JSON.stringify(state)}): ${fs.readFileSync(b.logFile, 'utf8').slice(0, 800)}`);
        await sleep(100);
      }
    }
    for (let seen = new Set(), until = Date.now() + 20_000; seen.size < 2;) {
      if (Date.now() > until) throw new Error('both instances not answering through HAProxy');
      const r = await fetch(`${lbUrl}/api/health`).catch(() => undefined);
      if (r?.ok) seen.add(r.headers.get('x-served-by'));
      await sleep(50);
    }

    progress(`two instances up behind ${balancersN} HAProxy processes on one address`);
    const rssBefore = Object.fromEntries(instances.map((i) => [i.name, rssMb(i.child.pid)]));

    // The sockets, WebSocket only (as browsers use it through the balancer), connected in waves by each client process.
    const connectStarted = performance.now();
    const WAVE = 100;
    const connectedPer = new Array(clientsN).fill(0);
    const clientRss = new Array(clientsN).fill(0);
    let lastProgress = 0;
    await Promise.all(
      Array.from(
        { length: clientsN },
        (_, w) =>
          new Promise((resolve, reject) => {
            const child = fork(fileURLToPath(import.meta.url), [], {
              cwd: ROOT,
              env: { ...process.env, REALTIME_BENCH_ROLE: 'clients' },
              execArgv: ['--disable-warning=ExperimentalWarning'],
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            });
            clients.push(child);
            child.on('message', (m) => {
              if (m.kind === 'progress' || m.kind === 'connected') {
                connectedPer[w] = m.connected;
                const total = connectedPer.reduce((x, y) => x + y, 0);
                if (total - lastProgress >= 1_000) {
                  lastProgress = total;
                  progress(`${total} sockets connected`);
                }
              }
              if (m.kind === 'connected') {
                clientRss[w] = m.rssMb - m.rssStartMb;
                resolve();
              }
              if (m.kind === 'error') reject(new Error(m.error));
            });
            child.once('exit', (code) => reject(new Error(`client process ${w} exited (${code})`)));
            child.send({ lbUrl, people: people.slice(w * share, (w + 1) * share), wave: Math.ceil(WAVE / clientsN), kind: clientKind });
          }),
      ),
    );
    /** Asks every client process one question and gathers the answers of the given kind. */
    const ask = (question, kind) =>
      Promise.all(
        clients.map(
          (child) =>
            new Promise((resolve) => {
              const onMessage = (m) => {
                if (m.kind !== kind) return;
                child.off('message', onMessage);
                resolve(m);
              };
              child.on('message', onMessage);
              child.send(question);
            }),
        ),
      );
    const report = () => ask({ ask: 'report' }, 'report').then((parts) => parts.flatMap((m, w) => m.seen.map((x) => ({ ...x, client: w }))));
    sockets = await report();
    const connectS = (performance.now() - connectStarted) / 1000;
    progress(`${sockets.length} sockets connected`);
    // How many client connections each balancer process holds (the kernel's spread over SO_REUSEPORT).
    const perBalancer = await Promise.all(
      balancers.map((b) =>
        haproxyState(b.statsSocket).then(
          (st) => st.sessions,
          () => Number.NaN,
        ),
      ),
    );
    // How many sockets each instance holds, as its own sockets_connected metric says.
    const held = {};
    for (const i of instances) {
      const res = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      held[i.name] = Number(/^sockets_connected (\d+)$/m.exec(await res.text())?.[1] ?? Number.NaN);
    }
    const rssAfter = Object.fromEntries(instances.map((i) => [i.name, rssMb(i.child.pid)]));

    // Private events through the app's publisher, as a third instance with no sockets of its own.
    const pub = new Redis(redisUrl, { enableAutoPipelining: true });
    const sub = pub.duplicate();
    const dummy = http.createServer();
    side = { pub, sub, realtime: createRealtime({ httpServer: dummy, authenticate: async () => undefined, redis: { pub, sub, keyPrefix: prefix } }) };
    await sleep(500); // the adapter's subscriptions are in place
    const targets = [];
    for (let k = 0; k < privateN; k++) targets.push(sockets[Math.floor((k * sockets.length) / privateN)].playerId);
    for (const id of targets) side.realtime.publisher.toPlayer(id, 'system-money-action', { target: id });

    // The system event, several times for steadier figures on a shared machine: each time a round opening now,
    // whose show-redEnvelope the instances' job publishes; the next one once every socket has the previous one.
    const amounts = drawPackets(100_000n, 100, 100n, 2_000n);
    const rounds = [];
    const loadDuring = [];
    // CPU of each part, read from /proc: the two instances, the HAProxy processes, the client processes, this process
    // (PostgreSQL for the round, the polling), and whatever else the machine ran (other work on a shared machine,
    // PostgreSQL's and Redis's own processes).
    const parts = () => {
      const sum = (list) => list.reduce((x, c) => x + cpuMs(c.pid), 0);
      const own = process.cpuUsage();
      return {
        a: cpuMs(instances[0].child.pid),
        b: cpuMs(instances[1].child.pid),
        balancers: sum(balancers.map((x) => x.child)),
        clients: sum(clients),
        bench: (own.user + own.system) / 1_000,
        machine: machineBusyMs(),
        at: performance.now(),
      };
    };
    const diff = (x, y) => {
      const d = Object.fromEntries(Object.keys(x).map((key) => [key, y[key] - x[key]]));
      d.rest = d.machine - d.a - d.b - d.balancers - d.clients - d.bench;
      return d;
    };
    const cpuQuiet = [];
    const cpuEvent = [];
    for (let k = 0; k < roundsN; k++) {
      // A second with no event first: what the machine is busy with anyway (the connections settling, other work).
      const quietFrom = parts();
      await sleep(1_000);
      await ask({ ask: 'arm' }, 'armed');
      const eventFrom = parts();
      cpuQuiet.push(diff(quietFrom, eventFrom));
      const round = await database.db.transaction((tx) =>
        insertRound(
          tx,
          {
            title: 'bench',
            titleEn: 'bench',
            startsAt: new Date(Date.now() - 1_000),
            endsAt: new Date(Date.now() + 3_600_000),
            poolMinor: 100_000n,
            packetCount: 100,
            minPacketMinor: 100n,
            maxPacketMinor: 2_000n,
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
          amounts,
        ),
      );
      progress(`round ${round.id} opens now; waiting for show-redEnvelope on every socket`);
      // Only a count while the event is in flight: the full report would queue in the clients' loops before the frames.
      const until = Date.now() + 30_000;
      let status;
      do {
        await sleep(250);
        status = await ask({ ask: 'status', round: round.id }, 'status');
      } while (status.reduce((n, m) => n + m.system, 0) < sockets.length && Date.now() < until);
      cpuEvent.push(diff(eventFrom, parts()));
      loadDuring.push(os.loadavg()[0]);
      const openedAt = new Date((await database.db.execute(sql`select opened_at from red_packet_rounds where id = ${round.id}`)).rows[0].opened_at).getTime();
      rounds.push({ id: round.id, openedAt, clientCpuMs: status.map((m) => m.cpuMs ?? Number.NaN) });
    }
    await sleep(1_000); // late or duplicate private deliveries would show up here
    sockets = await report();
    const latenciesOf = (list, round) => list.filter((x) => x.system[round.id] !== undefined).map((x) => x.system[round.id] - round.openedAt);
    const latencies = rounds.flatMap((round) => latenciesOf(sockets, round)).sort((a, b) => a - b);
    const missed = sockets.length * rounds.length - latencies.length;
    const figures = (sorted) =>
      `first ${(sorted[0] ?? Number.NaN).toFixed(0)}, p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, p99 ${percentile(sorted, 99).toFixed(0)}, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)}`;
    const perRound = rounds.map((round) => figures(latenciesOf(sockets, round).sort((a, b) => a - b)));
    // Per client process: when one's sockets are much later than another's, the clients' own event loops are what
    // costs; when all are alike, the time is spent before the frames reach the clients (instances, HAProxy, the machine).
    const perClient = Array.from({ length: clientsN }, (_, w) => {
      const mine = rounds
        .flatMap((round) =>
          latenciesOf(
            sockets.filter((x) => x.client === w),
            round,
          ),
        )
        .sort((a, b) => a - b);
      return `${percentile(mine, 50).toFixed(0)}/${percentile(mine, 99).toFixed(0)}`;
    });
    // The clients' own work for one event: CPU each client process spent from the announcement to its last receipt,
    // the most its own loop can add to its sockets' receipt times when it has a core to itself.
    const clientCpuMs = rounds.flatMap((round) => round.clientCpuMs).filter(Number.isFinite);
    const clientCpuPerEventUs = (clientCpuMs.reduce((x, y) => x + y, 0) * 1_000) / (sockets.length * rounds.length);

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
      sockets: sockets.length,
      connectS,
      missed,
      rounds: rounds.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      clientCpuPerEventUs,
      privateTargets: targets.length,
      privateDelivered,
      privateWrong,
      rssBefore,
      rssAfter,
      perSocketKb,
      held,
      perBalancer,
      clientPerSocketKb: (clientRss.reduce((x, y) => x + y, 0) * 1024) / sockets.length,
      loadBefore,
      loadDuring,
      goals: GOALS,
    };
    const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
    log(
      `\n== Realtime: ${out.sockets} sockets over two instances behind ${balancersN} HAProxy processes on one address (${version.stdout.split('\n')[0]}), Redis fan-out ==\n`,
    );
    log(
      `  ulimit -n ${fds}; clients in ${clientsN} processes (${CLIENT_KINDS[clientKind]}); load average (1, 5, 15 min) before the run ${load(loadBefore)}; 1-min load when every socket had each event: ${load(loadDuring)}`,
    );
    log(
      `  connected in ${connectS.toFixed(1)} s (WebSocket, ${WAVE} at a time); held: ${instances.map((i) => `instance ${i.name} ${held[i.name]}`).join(', ')}; per HAProxy process: ${perBalancer.join(', ')}`,
    );
    log(
      `  show-redEnvelope from opened_at to receipt, ${rounds.length} events x ${sockets.length} sockets: ${figures(latencies)} ms (goal p99 <= ${GOALS.p99Ms} ms); ${missed} receipt(s) missing`,
    );
    const cpuLine = (d) =>
      `instance a ${d.a.toFixed(0)}, instance b ${d.b.toFixed(0)}, HAProxy ${d.balancers.toFixed(0)}, clients ${d.clients.toFixed(0)}, bench ${d.bench.toFixed(0)}, rest of the machine ${d.rest.toFixed(0)} (machine ${d.machine.toFixed(0)} of ${(os.availableParallelism() * d.at).toFixed(0)} over ${d.at.toFixed(0)} ms wall on ${os.availableParallelism()} cores)`;
    for (const [k, f] of perRound.entries()) {
      log(`    event ${k + 1}: ${f} ms`);
      log(`      CPU ms from the announcement until every socket had it (seen every 250 ms): ${cpuLine(cpuEvent[k])}`);
      log(`      CPU ms in the quiet second before: ${cpuLine(cpuQuiet[k])}`);
    }
    log(
      `  per client process, p50/p99 ms: ${perClient.join(', ')}; clients' CPU per received event ${clientCpuPerEventUs.toFixed(0)} us (${((clientCpuPerEventUs * share) / 1_000).toFixed(0)} ms per client process per event)`,
    );
    log(
      `  private system-money-action to ${targets.length} players: ${privateDelivered} delivered to their player, ${privateWrong} to anyone else (goal ${targets.length} and 0)`,
    );
    log(
      `  memory per socket held: ${instances.map((i) => `instance ${i.name} ${out.perSocketKb[i.name].toFixed(1)} KB (RSS ${rssBefore[i.name].toFixed(0)} -> ${rssAfter[i.name].toFixed(0)} MB)`).join(', ')}; client side ${out.clientPerSocketKb.toFixed(1)} KB`,
    );
    return out;
  } finally {
    await Promise.all(
      clients.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        const exited = new Promise((r) => child.once('exit', r));
        child.send({ ask: 'close' }, () => {});
        return Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
      }),
    );
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

if (!ROLE && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  realtimeBench().then(
    (r) => {
      const met = r.sockets >= GOALS.sockets && r.missed === 0 && r.p99 <= GOALS.p99Ms && r.privateWrong === 0 && r.privateDelivered === r.privateTargets;
      console.log(`\n  ${met ? 'goals met' : 'goals MISSED'}${r.sockets < GOALS.sockets ? ` (reduced run: ${r.sockets} of ${GOALS.sockets} sockets)` : ''}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
