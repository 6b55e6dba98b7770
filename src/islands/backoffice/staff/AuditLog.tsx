// The append-only audit log, read as sentences: who did what to which player or record, what changed from what to
// what, and why; filtered on the server by staff member, action (or a whole group), player account and Taipei days.
import { useState } from 'react';
import { COMMON_KEYS, Guard, cls, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { EXPORT_BUTTON_KEYS, ExportButton } from '../exports/ExportButton.tsx';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';
import { AUDIT_WORD_KEYS, actionChoices, auditChanges, auditContext, auditSentence } from './audit-words.ts';

export const AUDIT_KEYS = [...COMMON_KEYS, ...EXPORT_BUTTON_KEYS, 'bo.audit.staff', 'bo.audit.ip', ...AUDIT_WORD_KEYS] as const;
type K = (typeof AUDIT_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;
interface Filters {
  staff_id: string;
  action: string;
  player: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { staff_id: '', action: '', player: '', from: '', to: '' };

export default function AuditLog({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="audit.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const staffList = useBoData('GET /audit/staff');
  const list = useBoData('GET /audit', { query: { ...applied }, pageSize: PAGE_SIZE });
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  return (
    <div className="max-w-7xl">
      <p className="mb-4 text-sm text-slate-500">{t['bo.audit.intro']}</p>
      <form
        className={`${cls.card} mb-4 flex flex-wrap items-end gap-3`}
        data-testid="bo-audit-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...draft, player: draft.player.trim() });
        }}
      >
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.audit.filter.staff']}</span>
          <select className={cls.input} value={draft.staff_id} onChange={set('staff_id')} name="staff_id">
            <option value="">{t['bo.audit.filter.any']}</option>
            {(staffList.data ?? []).map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.username}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.audit.filter.action']}</span>
          <select className={`${cls.input} max-w-72`} value={draft.action} onChange={set('action')} name="action">
            <option value="">{t['bo.audit.filter.any']}</option>
            {actionChoices(t).map((c) => (
              <option key={c.value} value={c.value} className={c.group ? 'font-semibold' : ''}>
                {c.group ? c.label : `\u3000${c.label}`}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.audit.filter.player']}</span>
          <input className={`${cls.input} w-40`} value={draft.player} onChange={set('player')} maxLength={32} name="player" />
        </label>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.audit.filter.from']}</span>
          <input type="date" className={cls.input} value={draft.from} onChange={set('from')} name="from" />
        </label>
        <label className="text-sm text-slate-600">
          <span className={cls.label}>{t['bo.audit.filter.to']}</span>
          <input type="date" className={cls.input} value={draft.to} onChange={set('to')} name="to" min={draft.from || undefined} />
        </label>
        <button type="submit" className={cls.btn}>
          {t['bo.search']}
        </button>
        <button
          type="button"
          className={cls.btnGhost}
          onClick={() => {
            setDraft(NO_FILTERS);
            setApplied(NO_FILTERS);
          }}
        >
          {t['bo.audit.filter.clear']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>
          {t['bo.refresh']}
        </button>
        <ExportButton t={t} locale={locale} grid="audit" params={{ ...applied }} />
      </form>
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns(t, locale)} rowKey={(e) => e.id} testId="bo-audit" />
      </section>
    </div>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<AuditEntryView, K>> {
  return [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap align-top text-slate-500', cell: (e) => formatTime(e.created_at, locale) },
    {
      key: 'what',
      header: 'bo.audit.what',
      className: 'align-top font-medium text-slate-800',
      cell: (e) => <span data-testid="bo-audit-sentence">{auditSentence(t, e)}</span>,
    },
    { key: 'changes', header: 'bo.audit.changes', className: 'w-full max-w-0 align-top', cell: (e) => <Changes t={t} locale={locale} entry={e} /> },
    { key: 'ip', header: 'bo.audit.ip', className: 'whitespace-nowrap align-top font-mono text-xs text-slate-500', cell: (e) => e.ip || '—' },
  ];
}

/** The changes, a line each (the first few, the rest behind "show all"), then the reason and amounts. */
function Changes({ t, locale, entry }: { t: T; locale: Locale; entry: AuditEntryView }) {
  const lines = auditChanges(t, locale, entry);
  const notes = auditContext(t, locale, entry);
  const first = lines.slice(0, 4);
  const rest = lines.slice(4);
  return (
    <div className="space-y-0.5 text-xs text-slate-700" data-testid="bo-audit-changes">
      {lines.length === 0 && <p className="text-slate-400">{t['bo.audit.no_change']}</p>}
      {first.map((l, i) => (
        <p key={i} className="break-words">
          {l}
        </p>
      ))}
      {rest.length > 0 && (
        <details>
          <summary className="cursor-pointer text-brand-700">{t['bo.audit.more']}</summary>
          {rest.map((l, i) => (
            <p key={i} className="break-words">
              {l}
            </p>
          ))}
        </details>
      )}
      {notes.map((n, i) => (
        <p key={`n${i}`} className="text-slate-500">
          {n}
        </p>
      ))}
    </div>
  );
}
