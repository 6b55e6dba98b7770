// CheckMacValue of the AIO format, the stand-in's own copy (the product keeps its own in src/server/integrations):
// fields but CheckMacValue sorted by name without regard to case, `HashKey=…&k=v&…&HashIV=…`, URL-encoded by the
// .NET table (space `+`, `-_.!*()` kept, `~` and `'` encoded), lower-cased, SHA256, upper-case hex.
import { createHash, timingSafeEqual } from 'node:crypto';

export function dotNetUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/~/g, '%7e').replace(/'/g, '%27');
}

export function checkMac(fields: Record<string, string>, hashKey: string, hashIv: string): string {
  const names = Object.keys(fields)
    .filter((k) => k !== 'CheckMacValue')
    .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
  const raw = `HashKey=${hashKey}&${names.map((k) => `${k}=${fields[k]}`).join('&')}&HashIV=${hashIv}`;
  return createHash('sha256').update(dotNetUrlEncode(raw).toLowerCase()).digest('hex').toUpperCase();
}

export function macMatches(fields: Record<string, string>, hashKey: string, hashIv: string): boolean {
  const given = fields.CheckMacValue ?? '';
  if (!/^[0-9A-Fa-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toUpperCase(), 'hex'), Buffer.from(checkMac(fields, hashKey, hashIv), 'hex'));
}

/** Taiwan time (UTC+8) as the format writes it: `yyyy/MM/dd HH:mm:ss`, or the date alone. */
export function taipei(at: Date, dateOnly = false): string {
  const t = new Date(at.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${t.getUTCFullYear()}/${p(t.getUTCMonth() + 1)}/${p(t.getUTCDate())}`;
  return dateOnly ? date : `${date} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}
