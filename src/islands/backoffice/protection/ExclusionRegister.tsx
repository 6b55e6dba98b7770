// The register of active time-outs and self-exclusions, searchable by account or phone. A phone
// on it cannot register a new account while its self-exclusion lasts.
import { useState } from 'react';
import { boPath } from '../kit/api.ts';
import { COMMON_KEYS, Guard, cls, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { ExclusionRowView } from '../../../shared/schemas/protection.ts';
import { DURATION_KEYS, durationName } from '../kit/codes.ts';

export const REGISTER_KEYS = [
  ...COMMON_KEYS,
  'bo.protection.register_title',
  'bo.protection.register_hint',
  'bo.protection.search',
  'bo.protection.account',
  'bo.protection.phone',
  'bo.protection.type',
  'bo.protection.duration',
  'bo.protection.starts',
  'bo.protection.ends',
  'bo.protection.reason',
  'bo.protection.source',
  'bo.protection.source.player',
  'bo.protection.source.staff',
  'bo.protection.permanent',
  'bo.protection.exclusion.timeout',
  'bo.protection.exclusion.self_exclusion',
  ...DURATION_KEYS,
] as const;
type K = (typeof REGISTER_KEYS)[number];
type T = IslandProps<K>['t'];

const PAGE_SIZE = 20;

export default function ExclusionRegister({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="protection.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const list = useBoData('GET /protection/exclusions', { query: { search: search || undefined }, pageSize: PAGE_SIZE });
  return (
    <div className="max-w-7xl space-y-4">
      <p className="text-sm text-slate-600">{t['bo.protection.register_hint']}</p>
      <form
        className="flex gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <input
          className={`${cls.input} w-64`}
          value={typed}
          maxLength={12}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t['bo.protection.search']}
          aria-label={t['bo.protection.search']}
          data-testid="register-search"
        />
        <button type="submit" className={cls.btn}>
          {t['bo.search']}
        </button>
      </form>
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns(t, locale)} rowKey={(r) => r.id} testId="register-table" />
      </section>
    </div>
  );
}

function columns(t: T, locale: Locale): Array<BoColumn<ExclusionRowView, K>> {
  return [
    {
      key: 'account',
      header: 'bo.protection.account',
      cell: (r) => (
        <a className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${r.player_id}`}>
          {r.account}
        </a>
      ),
    },
    { key: 'phone', header: 'bo.protection.phone', cell: (r) => r.phone ?? '—' },
    { key: 'type', header: 'bo.protection.type', cell: (r) => t[`bo.protection.exclusion.${r.kind}`] },
    { key: 'duration', header: 'bo.protection.duration', cell: (r) => durationName(t, r.duration) },
    { key: 'starts', header: 'bo.protection.starts', className: 'whitespace-nowrap', cell: (r) => formatTime(r.starts_at, locale) },
    {
      key: 'ends',
      header: 'bo.protection.ends',
      className: 'whitespace-nowrap',
      cell: (r) => (r.ends_at ? formatTime(r.ends_at, locale) : t['bo.protection.permanent']),
    },
    { key: 'source', header: 'bo.protection.source', cell: (r) => (r.by_staff ? t['bo.protection.source.staff'] : t['bo.protection.source.player']) },
    { key: 'reason', header: 'bo.protection.reason', cell: (r) => r.reason || '—' },
  ];
}
