// The register of active time-outs and self-exclusions (issue 15), searchable by account or phone. A phone
// on it cannot register a new account while its self-exclusion lasts.
import { useState } from 'react';
import { boPath } from '../kit/api.ts';
import { COMMON_KEYS, Guard, ListState, Pager, cls, formatTime, usePaged, type IslandProps } from '../kit/common.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { ExclusionRowView } from '../../../shared/schemas/protection.ts';

export const REGISTER_KEYS = [
  ...COMMON_KEYS, 'bo.protection.register_title', 'bo.protection.register_hint', 'bo.protection.search', 'bo.protection.account',
  'bo.protection.phone', 'bo.protection.type', 'bo.protection.duration', 'bo.protection.starts', 'bo.protection.ends', 'bo.protection.reason',
  'bo.protection.source', 'bo.protection.source.player', 'bo.protection.source.staff', 'bo.protection.permanent',
  'bo.protection.exclusion.timeout', 'bo.protection.exclusion.self_exclusion',
] as const;
type K = (typeof REGISTER_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;

export default function ExclusionRegister({ t, locale }: IslandProps<K>) {
  return <Guard t={t} locale={locale} permission="protection.read">{() => <Body t={t} locale={locale} />}</Guard>;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const list = usePaged<ExclusionRowView>('/protection/exclusions', { search: search || undefined }, PAGE_SIZE);
  const headers = [t['bo.protection.account'], t['bo.protection.phone'], t['bo.protection.type'], t['bo.protection.duration'], t['bo.protection.starts'], t['bo.protection.ends'], t['bo.protection.source'], t['bo.protection.reason']];
  return (
    <div className="max-w-7xl space-y-4">
      <p className="text-sm text-slate-600">{t['bo.protection.register_hint']}</p>
      <form className="flex gap-3" onSubmit={(e) => { e.preventDefault(); setSearch(typed.trim()); }}>
        <input className={`${cls.input} w-64`} value={typed} maxLength={12} onChange={(e) => setTyped(e.target.value)} placeholder={t['bo.protection.search']} aria-label={t['bo.protection.search']} data-testid="register-search" />
        <button type="submit" className={cls.btn}>{t['bo.search']}</button>
      </form>
      <section className={cls.card}>
        <ListState t={t} {...list.state}>
          {list.result && (
            <>
              <table className={cls.table} data-testid="register-table">
                <thead><tr>{headers.map((h) => <th key={h} className={cls.th}>{h}</th>)}</tr></thead>
                <tbody>
                  {list.result.data.map((r) => (
                    <tr key={r.id}>
                      <td className={cls.td}><a className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${r.player_id}`}>{r.account}</a></td>
                      <td className={cls.td}>{r.phone ?? '—'}</td>
                      <td className={cls.td}>{t[`bo.protection.exclusion.${r.kind}`]}</td>
                      <td className={cls.td}>{r.duration}</td>
                      <td className={`${cls.td} whitespace-nowrap`}>{formatTime(r.starts_at, locale)}</td>
                      <td className={`${cls.td} whitespace-nowrap`}>{r.ends_at ? formatTime(r.ends_at, locale) : t['bo.protection.permanent']}</td>
                      <td className={cls.td}>{r.by_staff ? t['bo.protection.source.staff'] : t['bo.protection.source.player']}</td>
                      <td className={cls.td}>{r.reason || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager t={t} page={list.page} total={list.result.total} pageSize={PAGE_SIZE} onPage={list.go} />
            </>
          )}
        </ListState>
      </section>
    </div>
  );
}
