// The audit log in words: every audited action (every one the server writes) has a sentence in both languages, and
// entries read as sentences with their changes named and amounts formatted, with no code on a zh-TW screen.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boEn } from '../../../i18n/backoffice-en.ts';
import { boZhTW } from '../../../i18n/backoffice-zh-TW.ts';
import { AUDIT_ACTIONS, type AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';
import { AUDIT_WORD_KEYS, actionChoices, auditChanges, auditContext, auditSentence } from './audit-words.ts';

const en: Record<string, string> = boEn;
const zh: Record<string, string> = boZhTW;

function entry(over: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: 1,
    staff_id: 1,
    username: 'admin',
    action: 'player.disable',
    target: 'player:7',
    player_id: 7,
    account: 'pl000007',
    before: null,
    after: null,
    detail: {},
    ip: '127.0.0.1',
    created_at: '2026-11-26T01:00:00.000Z',
    ...over,
  };
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? serverFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('audit actions', () => {
  it('every action has a sentence in both catalogues, and every key the log uses exists', () => {
    for (const a of AUDIT_ACTIONS) {
      expect(en[`bo.audit.a.${a}`], a).toBeTruthy();
      expect(zh[`bo.audit.a.${a}`], a).toBeTruthy();
    }
    for (const key of AUDIT_WORD_KEYS) expect(zh[key], key).toBeTruthy();
  });

  it('every action the server audits is in the list (a new one needs its sentence)', () => {
    const known = new Set<string>(AUDIT_ACTIONS);
    const found = new Set<string>();
    for (const file of serverFiles('src/server/modules')) {
      const text = readFileSync(file, 'utf8');
      if (!/recordAudit|insertAudit/.test(text)) continue;
      // The action of an audit row: `action: 'x'` (or a choice of two), or the second argument of the domain's audited(op, 'x', ...).
      const sites = [...text.matchAll(/recordAudit\([^;]*?action: ([^,}]+)|insertAudit\([^;]*?action: ([^,}]+)|audited\(op, ('[^']+')/gs)];
      for (const m of sites) for (const lit of (m[1] ?? m[2] ?? m[3] ?? '').matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(lit[1]!);
    }
    expect(found.size).toBeGreaterThan(40);
    for (const a of found) expect(known.has(a), a).toBe(true);
  });
});

describe('an entry as a sentence', () => {
  it('names the staff member, the action and the player account, and the change in words (zh-TW)', () => {
    const e = entry({ before: { status: 1 }, after: { status: 0 }, detail: { reason: 'chargeback' } });
    expect(auditSentence(zh, e)).toBe('admin 停用了 玩家 pl000007');
    expect(auditChanges(zh, 'zh-TW', e)).toEqual(['狀態：啟用 → 停用']);
    expect(auditContext(zh, 'zh-TW', e)).toEqual(['原因：chargeback']);
    expect(auditSentence(en, e)).toBe('admin disabled player pl000007');
  });

  it('formats amounts and names VIP fields, settings and game groups', () => {
    const level = entry({
      action: 'vip.level.update',
      target: 'level:2',
      player_id: null,
      account: null,
      detail: { name: '黃金' },
      before: { deposit_req: '0.00', points_rates: { slots: 1 } },
      after: { deposit_req: '5000.00', points_rates: { slots: 2 } },
    });
    expect(auditSentence(zh, level)).toBe('admin 修改了 VIP 等級 「黃金」');
    expect(auditChanges(zh, 'zh-TW', level)).toEqual(['升級存款：0.00 → 5,000.00', '每 100 有效投注積分：老虎機 1 → 老虎機 2']);
    const settings = entry({
      action: 'settings.update',
      target: 'settings',
      player_id: null,
      account: null,
      before: { protection_activity_wallet_rule: 'freeze' },
      after: { protection_activity_wallet_rule: 'forfeit' },
    });
    expect(auditChanges(zh, 'zh-TW', settings)[0]).toMatch(/^暫停或自我排除期間的活動錢包：凍結/);
    expect(auditChanges(zh, 'zh-TW', settings)[0]).not.toMatch(/freeze|forfeit/);
  });

  it('leaves no code in zh-TW sentences or action choices', () => {
    const CODE = /\b[a-z]+[._][a-z_.]+\b/;
    for (const a of AUDIT_ACTIONS) expect(auditSentence(zh, entry({ action: a })), a).not.toMatch(CODE);
    for (const c of actionChoices(zh)) expect(c.label, c.value).not.toMatch(CODE);
  });
});
