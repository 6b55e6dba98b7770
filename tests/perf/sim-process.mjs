// The stand-in provider in a process of its own, for the benchmarks that measure the app: in the app's process it
// would share the app's thread, and the app's figures (CPU per call, how busy its thread is) would include it.
// Started by startSimProcess() below with IPC; the child answers 'usage' with its own CPU time so far.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

/**
 * Starts the stand-in (sim/server.ts, in memory, no settle ticker) in a child process with `options` (JSON only).
 * Returns its URL, `cpuMs()` (the child's user and system CPU time so far, ms) and `close()`.
 */
export function startSimProcess(options = {}) {
  const child = fork(SELF, [], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, SIM_PROCESS_OPTIONS: JSON.stringify(options) },
  });
  let nextId = 0;
  const waiting = new Map();
  let ready;
  const listening = new Promise((resolve) => {
    ready = resolve;
  });
  child.on('message', (m) => {
    if (m.type === 'ready') return ready(m.url);
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    w(m);
  });
  const ask = (type) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.send({ id, type });
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the stand-in's process exited ${code} before it listened`)));
    listening.then((url) => {
      child.removeAllListeners('exit');
      resolve({
        url,
        cpuMs: () => ask('usage').then((u) => u.cpuMs),
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    }, reject);
  });
}

if (process.send && process.argv[1] === SELF) {
  const { startSim } = await import('../../sim/server.ts');
  const sim = await startSim({ settleTickMs: 0, ...JSON.parse(process.env.SIM_PROCESS_OPTIONS ?? '{}') });
  process.on('message', (m) => {
    if (m.type === 'usage') {
      const u = process.cpuUsage();
      process.send({ id: m.id, cpuMs: (u.user + u.system) / 1000 });
    }
  });
  process.send({ type: 'ready', url: sim.url });
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  // A benchmark that dies without closing it leaves no stand-in listening behind.
  process.once('disconnect', stop);
}
