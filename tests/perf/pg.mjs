// What the PostgreSQL benchmarks share: the server they run against (DATABASE_URL, or the local one), a
// throw-away database per run, and the percentile their latency figures use.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on the server's default database, on a connection of its own. */
export async function admin(query) {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await c.query(query);
  } finally {
    await c.end();
  }
}

/** A fresh database named after `prefix`: its name, its URL and how to drop it. */
export async function createDb(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The p-th percentile of ascending numbers (0 for none). */
export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The middle of numbers in any order (the upper of the two middle ones for an even count). */
export const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/**
 * CPU used so far by the given PostgreSQL backends (a local server only; unreadable ones count nothing), in ms: the
 * database's share of a run, read from /proc because the server itself does not count it.
 */
export function backendCpuMs(pids) {
  const tickMs = 10; // USER_HZ is 100 on Linux.
  let sum = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      sum += (Number(fields[11]) + Number(fields[12])) * tickMs;
    } catch {
      /* gone, or another machine's */
    }
  }
  return sum;
}
