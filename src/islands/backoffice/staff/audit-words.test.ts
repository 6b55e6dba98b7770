// The audit log in words: every audited action (every one the server writes) has a sentence in both languages, and
// entries read as sentences with their changes named and amounts formatted, with no code on a zh-TW screen.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boEn } from '../../../i18n/backoffice-en.ts';
import { boZhTW } from '../../../i18n/backoffice-zh-TW.ts';
import { AUDIT_ACTIONS, type AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';
import { boAuditWords } from '../../../i18n/backoffice.ts';
import { AUDIT_WORD_KEYS, actionChoices, auditChanges, auditContext, auditSentence, targetText } from './audit-words.ts';
import { AUDIT_KEYS } from './AuditLog.tsx';

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

/** The text of a call from its opening bracket to the matching closing one. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/**
 * What the server's audit-writing calls write, read from the code: every recordAudit, insertAudit and domain
 * audited(op, action, target, ...) call's action names, target kinds (`kind:id`) and the fields of the before and after
 * objects it spells out. A new call, action, target or field is found here without anyone listing it.
 */
function auditedFromCode(): { actions: Set<string>; targets: Set<string>; fields: Set<string>; calls: number } {
  const actions = new Set<string>();
  const targets = new Set<string>();
  const fields = new Set<string>();
  let calls = 0;
  for (const file of serverFiles('src/server')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(recordAudit|insertAudit|audited)\(/g)) {
      if (/function\s*$/.test(text.slice(Math.max(0, m.index - 10), m.index))) continue;
      const call = balanced(text, m.index + m[0].length - 1);
      calls++;
      const helper = m[1] === 'audited' ? /^\(op, ('[^']+')(?:, [`']([a-z_]+)[:`'])?/.exec(call) : null;
      for (const a of [...call.matchAll(/\baction: ([^,}]+)/g)].map((x) => x[1]).concat(helper?.[1] ?? [])) {
        for (const lit of a.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.add(lit[1]);
        // An action spelt from a choice (`player.tag.${action}`): every known action of that family is one it may write.
        for (const tpl of a.matchAll(/`([a-z_]+(?:\.[a-z_]+)*\.)\$\{/g)) for (const known of AUDIT_ACTIONS) if (known.startsWith(tpl[1])) actions.add(known);
      }
      for (const t of call.matchAll(/\btarget: [`']([a-z_]+)[:`'$]/g)) targets.add(t[1]);
      if (helper?.[2]) targets.add(helper[2]);
      for (const b of call.matchAll(/\b(before|after): \{/g)) {
        const literal = balanced(call, b.index + b[0].length - 1);
        for (const k of literal.matchAll(/[{,]\s*([a-zA-Z][a-zA-Z0-9_]*)(?=\s*[:,}])/g)) fields.add(k[1]);
      }
    }
  }
  return { actions, targets, fields, calls };
}

describe("every domain's audited actions, targets and fields in words", () => {
  const found = auditedFromCode();
  const page = { en: boAuditWords('en', AUDIT_KEYS), 'zh-TW': boAuditWords('zh-TW', AUDIT_KEYS) };

  it('finds the audit-writing calls of every domain in the code', () => {
    expect(found.calls).toBeGreaterThan(80);
    for (const a of [
      'kyc.document.view',
      'kyc.document.approve',
      'player.tag.add',
      'player.tag.remove',
      'player.note.add',
      'partners.binding.move',
      'risk.link.confirm',
    ])
      expect(found.actions.has(a), a).toBe(true);
    for (const k of ['kyc_document', 'tag', 'player', 'partner']) expect(found.targets.has(k), k).toBe(true);
    expect(found.fields.has('reject_reason')).toBe(true);
    expect(found.fields.has('note')).toBe(true);
  });

  it('gives the audit page, in both languages, a sentence for every action the code writes', () => {
    for (const action of found.actions) {
      expect(en[`bo.audit.a.${action}`], action).toBeTruthy();
      expect(zh[`bo.audit.a.${action}`], action).toBeTruthy();
      for (const [locale, words] of Object.entries(page)) {
        const sentence = auditSentence(words, entry({ action, target: 'player:7' }));
        expect(sentence, `${locale} ${action}`).not.toBe(auditSentence(words, entry({ action: 'nobody.knows' })));
        expect(sentence, `${locale} ${action}`).not.toMatch(/\{|\}/);
      }
      expect(page.en[`bo.audit.g.${action.split('.')[0]}`], action).toBeTruthy();
    }
  });

  it('names every target kind and every field the code writes, in both languages', () => {
    for (const kind of found.targets) {
      expect(en[`bo.audit.t.${kind}`], kind).toBeTruthy();
      expect(zh[`bo.audit.t.${kind}`], kind).toBeTruthy();
      expect(targetText(page['zh-TW'], entry({ target: `${kind}:3`, account: null })), kind).not.toBe('#3');
    }
    for (const field of found.fields) {
      expect(en[`bo.audit.f.${field}`], field).toBeTruthy();
      expect(zh[`bo.audit.f.${field}`], field).toBeTruthy();
    }
  });

  it("reads identity verification's actions as sentences with the player, the document and its status in words", () => {
    const e = entry({
      action: 'kyc.document.approve',
      target: 'kyc_document:12',
      player_id: 7,
      account: 'pl000007',
      before: { status: 'submitted' },
      after: { status: 'approved' },
      detail: { kind: 'id_front' },
    });
    const zhWords = page['zh-TW'];
    expect(auditSentence(zhWords, e)).toContain('pl000007');
    expect(auditSentence(zhWords, e)).not.toContain(zhWords['bo.audit.g.other']);
    expect(auditChanges(zhWords, 'zh-TW', e).join(' ')).not.toMatch(/submitted|approved/);
    expect(auditSentence(page.en, e)).toBe('admin approved verification document #12（pl000007）');
  });

  it('has every audit word of every domain in both catalogues', () => {
    for (const key of Object.keys(en).filter((k) => k.startsWith('bo.audit.'))) expect(zh[key], key).toBeTruthy();
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
