// The append-only audit log: who did what, to what, from where.
import { useState } from 'react';
import {
  COMMON_KEYS, Guard, ListState, Pager, cls, formatTime, usePaged, type IslandProps,
} from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { AuditEntryView } from '../../../shared/schemas/backoffice/staff.ts';

export const AUDIT_KEYS = [
  ...COMMON_KEYS, 'bo.audit.hint', 'bo.audit.filter', 'bo.audit.staff', 'bo.audit.action', 'bo.audit.target', 'bo.audit.detail', 'bo.audit.ip',
] as const;
type K = (typeof AUDIT_KEYS)[number];
type T = IslandProps<K>['t'];

type Entry = AuditEntryView;
const PAGE_SIZE = 20;

export default function AuditLog({ t, locale }: IslandProps<K>) {
  return <Guard t={t} locale={locale} permission="audit.read">{() => <Body t={t} locale={locale} />}</Guard>;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [input, setInput] = useState('');
  const [action, setAction] = useState('');
  const list = usePaged<Entry>('/audit', { action }, PAGE_SIZE);
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
        <ListState t={t} {...list.state}>
          {list.result && <table className={cls.table} data-testid="bo-audit">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.time']}</th>
                <th className={cls.th}>{t['bo.audit.staff']}</th>
                <th className={cls.th}>{t['bo.audit.action']}</th>
                <th className={cls.th}>{t['bo.audit.target']}</th>
                <th className={cls.th}>{t['bo.audit.detail']}</th>
                <th className={cls.th}>{t['bo.audit.ip']}</th>
              </tr>
            </thead>
            <tbody>
              {list.result.data.map((e) => {
                const detail = JSON.stringify(e.detail);
                return (
                  <tr key={e.id}>
                    <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(e.created_at, locale)}</td>
                    <td className={`${cls.td} whitespace-nowrap font-medium`}>{e.username || '—'}</td>
                    <td className={`${cls.td} whitespace-nowrap`}><code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{e.action}</code></td>
                    <td className={`${cls.td} max-w-48 truncate font-mono text-xs`} title={e.target}>{e.target}</td>
                    <td className={`${cls.td} w-full max-w-0`}>
                      {detail.length > 90 ? (
                        <details>
                          <summary className="cursor-pointer truncate font-mono text-xs text-slate-600">{detail}</summary>
                          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{JSON.stringify(e.detail, null, 2)}</pre>
                        </details>
                      ) : <span className="block truncate font-mono text-xs text-slate-600" title={detail}>{detail}</span>}
                    </td>
                    <td className={`${cls.td} whitespace-nowrap font-mono text-xs text-slate-500`}>{e.ip || '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>}
        </ListState>
        {list.result && list.result.total > PAGE_SIZE && (
          <Pager t={t} page={list.page} total={list.result.total} pageSize={PAGE_SIZE} onPage={list.go} />
        )}
      </section>
    </div>
  );
}
