// The append-only audit log: who did what, to what, from where.
import { useState } from 'react';
import { COMMON_KEYS, Guard, cls, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { AuditEntryView } from '../../../shared/schemas/backoffice/audit.ts';

export const AUDIT_KEYS = [
  ...COMMON_KEYS, 'bo.audit.hint', 'bo.audit.filter', 'bo.audit.staff', 'bo.audit.action', 'bo.audit.target', 'bo.audit.detail', 'bo.audit.ip',
] as const;
type K = (typeof AUDIT_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;

export default function AuditLog({ t, locale }: IslandProps<K>) {
  return <Guard t={t} locale={locale} permission="audit.read">{() => <Body t={t} locale={locale} />}</Guard>;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [input, setInput] = useState('');
  const [action, setAction] = useState('');
  const list = useBoData('GET /audit', { query: { action }, pageSize: PAGE_SIZE });
  return (
    <div className="max-w-7xl">
      <p className="mb-4 text-sm text-slate-500">{t['bo.audit.hint']}</p>
      <form className="mb-4 flex items-center gap-3" onSubmit={(e) => { e.preventDefault(); setAction(input.trim().toLowerCase()); }}>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t['bo.audit.filter']}
          <input value={input} onChange={(e) => setInput(e.target.value)} placeholder="player." maxLength={60} className={`${cls.input} w-56 font-mono`} name="action" />
        </label>
        <button type="submit" className={cls.btn}>{t['bo.search']}</button>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
      </form>
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns(locale)} rowKey={(e) => e.id} testId="bo-audit" />
      </section>
    </div>
  );
}

function columns(locale: Locale): Array<BoColumn<AuditEntryView, K>> {
  return [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (e) => formatTime(e.created_at, locale) },
    { key: 'staff', header: 'bo.audit.staff', className: 'whitespace-nowrap font-medium', cell: (e) => e.username || '—' },
    { key: 'action', header: 'bo.audit.action', className: 'whitespace-nowrap', cell: (e) => <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{e.action}</code> },
    { key: 'target', header: 'bo.audit.target', className: 'max-w-48 truncate font-mono text-xs', title: (e) => e.target, cell: (e) => e.target },
    { key: 'detail', header: 'bo.audit.detail', className: 'w-full max-w-0', cell: (e) => <Detail detail={e.detail} /> },
    { key: 'ip', header: 'bo.audit.ip', className: 'whitespace-nowrap font-mono text-xs text-slate-500', cell: (e) => e.ip || '—' },
  ];
}

/** Free-form detail: one truncated line, opened in full when it is long. */
function Detail({ detail }: { detail: unknown }) {
  const text = JSON.stringify(detail);
  return text.length > 90 ? (
    <details>
      <summary className="cursor-pointer truncate font-mono text-xs text-slate-600">{text}</summary>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{JSON.stringify(detail, null, 2)}</pre>
    </details>
  ) : <span className="block truncate font-mono text-xs text-slate-600" title={text}>{text}</span>;
}
