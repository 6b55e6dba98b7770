// Numeric domain statuses are compared by name (src/shared/statuses.ts), never as bare numbers: this scan of
// src keeps the rule once the last bare comparison is gone. A status compared with a three-digit number, or read
// off an HTTP answer (res.status, err.status, statusCode, ...), is an HTTP status and is left alone. Comments and
// test files are not scanned: prose may say "front_show = 1", and fixtures hold the numbers the wire carries.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as statuses from './statuses.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A status-like name: anything with "status" in it, the lobby's front_show switch and a message's read flag. */
const NAME = String.raw`(?:\w*(?:[sS]tatus|front_?[sS]how|frontShow)\w*|read)`;
const PATTERNS = [
  // JavaScript comparisons and assignments, and SQL text (status = 1, status <> 0), with the number on the right.
  new RegExp(String.raw`(?:\b(\w+)\.)?\b(${NAME})\s*(?:[!=]==?|<>|(?<![=!<>])=(?![=>]))\s*(\d+)\b`, 'g'),
  // The number on the left (1 === status).
  new RegExp(String.raw`\b(\d+)\s*[!=]==?\s*(?:(\w+)\.)?\b(${NAME})\b`, 'g'),
  // drizzle: eq(table.status, 1), ne(table.status, 0).
  new RegExp(String.raw`\b(?:eq|ne)\(\s*(?:(\w+)\.)?(${NAME})\s*,\s*(\d+)\s*\)`, 'g'),
];
/** Receivers whose .status is an HTTP status. */
const HTTP_RECEIVERS = new Set(['res', 'reply', 'response', 'err', 'error', 'e', 'a', 'answer']);
const HTTP_NAMES = new Set(['statusCode', 'httpStatus']);

/** The bare numeric status comparisons on one line of code. */
function bareStatuses(line: string): string[] {
  const found: string[] = [];
  for (const pattern of PATTERNS) {
    for (const m of line.matchAll(pattern)) {
      const numberFirst = /^\d/.test(m[1] ?? '');
      const [receiver, name, digits] = numberFirst ? [m[2], m[3]!, m[1]!] : [m[1], m[2]!, m[3]!];
      if (Number(digits) >= 100 || HTTP_NAMES.has(name) || (receiver && HTTP_RECEIVERS.has(receiver))) continue;
      found.push(m[0].trim());
    }
  }
  return found;
}

function offenders(): string[] {
  const found: string[] = [];
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of files) {
    const lines = readFileSync(path.join(SRC, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (/^\s*(\/\/|\/?\*)/.test(text)) return;
      for (const hit of bareStatuses(text.replace(/\s\/\/\s.*$/, ''))) found.push(`${file}:${i + 1}: ${hit}`);
    });
  }
  return found;
}

describe('named statuses', () => {
  it('the scan finds bare domain statuses and leaves HTTP statuses alone', () => {
    for (const bare of [
      'if (gift.status === 1) {',
      'p.status !== 0',
      'row.statusDebitCard !== 1',
      'user.status_force_password === 2',
      '1 === s.status',
      'eq(staff.status, 1)',
      'ne(bonusWallets.status, 2)',
      'sql`where p.status = 1`',
      'where status_debit_card <> 0',
      'x.status = 1;',
      'p.front_show !== 1',
      'm.read === 0',
    ])
      expect(bareStatuses(bare), bare).not.toEqual([]);
    for (const fine of [
      'res.status === 404',
      'err.status === 401',
      'a.status !== 200',
      'reply.statusCode === 200',
      'status === 502',
      'statusCode: 400',
      'gift.status === GIFT_STATUS.on',
      'eq(staff.status, STAFF_STATUS.active)',
      "w.status !== 'applying'",
      'const next = (status) => status',
    ])
      expect(bareStatuses(fine), fine).toEqual([]);
  });

  it('no bare number is compared with or assigned to a domain status in src', () => {
    expect(offenders()).toEqual([]);
  });

  it('each family names each value once', () => {
    for (const [family, values] of Object.entries(statuses)) {
      if (typeof values !== 'object' || values === null) continue;
      const numbers = Object.values(values as Record<string, unknown>);
      expect(new Set(numbers).size, family).toBe(numbers.length);
    }
  });
});
