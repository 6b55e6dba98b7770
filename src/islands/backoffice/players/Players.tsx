// Players: find by account or phone and filter by status, level, registration and sign-in days, central balance and
// tags; see who is signed in and kick a player off every device; select players (at most BULK_SELECTION_MAX, across
// pages) and message them, set their level with its lock, tag or untag them, or disable them with a reason. Each
// bulk action is confirmed in the site's dialog and the server audits it player by player.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { COMMON_KEYS, ConfirmDialog, Guard, StatusPill, cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Money } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { BULK_SELECTION_MAX, type FilteredPlayerRowView } from '../../../shared/schemas/backoffice/desk.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import { BULK_KEYS, BulkActions } from './BulkActions.tsx';

export const PLAYERS_KEYS = [
  ...COMMON_KEYS,
  ...BULK_KEYS,
  'bo.players.search_placeholder',
  'bo.players.id',
  'bo.players.account',
  'bo.players.phone',
  'bo.players.level',
  'bo.players.status',
  'bo.players.online',
  'bo.players.registered',
  'bo.players.last_login',
  'bo.players.register_ip',
  'bo.players.kick',
  'bo.players.kick_confirm',
  'bo.players.kicked',
  'bo.players.active',
  'bo.players.disabled',
  'bo.yes',
  'bo.no',
  'bo.desk.f.status',
  'bo.desk.f.any',
  'bo.desk.f.level',
  'bo.desk.f.registered',
  'bo.desk.f.signed_in',
  'bo.desk.f.balance',
  'bo.desk.f.from',
  'bo.desk.f.to',
  'bo.desk.f.min',
  'bo.desk.f.max',
  'bo.desk.f.tags',
  'bo.desk.f.register_ip',
  'bo.desk.f.register_ip_hint',
  'bo.desk.f.deposits_min',
  'bo.desk.f.partner',
  'bo.desk.f.risk_group',
  'bo.desk.f.apply',
  'bo.desk.f.reset',
  'bo.desk.col.select',
  'bo.desk.col.balance',
  'bo.desk.col.tags',
  'bo.desk.sel.count',
  'bo.desk.sel.page',
  'bo.desk.sel.clear',
  'bo.desk.sel.full',
] as const;
type K = (typeof PLAYERS_KEYS)[number];
type T = IslandProps<K>['t'];

type Player = FilteredPlayerRowView;
const PAGE_SIZE = 20;

interface Filters {
  q: string;
  status: '' | '0' | '1';
  level: string;
  registered_from: string;
  registered_to: string;
  signed_in_from: string;
  signed_in_to: string;
  balance_min: string;
  balance_max: string;
  register_ip: string;
  deposits_min: string;
  partner: string;
  risk_group: string;
  tags: number[];
}
const NO_FILTERS: Filters = {
  q: '',
  status: '',
  level: '',
  registered_from: '',
  registered_to: '',
  signed_in_from: '',
  signed_in_to: '',
  balance_min: '',
  balance_max: '',
  register_ip: '',
  deposits_min: '',
  partner: '',
  risk_group: '',
  tags: [],
};

/** The query the list sends: empty fields are left out. */
function queryOf(f: Filters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    const text = Array.isArray(v) ? v.join(',') : v.trim();
    if (text) out[k] = text;
  }
  return out;
}

export default function Players({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="players.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canKick = hasPermission(staff, 'players.kick');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const list = useBoData('GET /players', { query: queryOf(applied), pageSize: PAGE_SIZE });
  const tags = useBoData('GET /player-tags');
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [target, setTarget] = useState<Player | null>(null);
  const action = useBoAction(t);

  const kick = async () => {
    if (!target) return;
    const { id, account } = target;
    const kicked = await action.run(
      () => boApi('POST /players/:id/kick', { params: { id } }),
      (res) => fill(t['bo.players.kicked'], { account, n: res.revoked }),
    );
    if (kicked) void list.reload();
    setTarget(null);
  };

  const toggle = (p: Player, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on && next.size < BULK_SELECTION_MAX) next.set(p.id, p.account);
      else next.delete(p.id);
      return next;
    });
  const selectPage = () =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const p of list.data?.data ?? []) if (next.size < BULK_SELECTION_MAX) next.set(p.id, p.account);
      return next;
    });

  const columns: Array<BoColumn<Player, K>> = [
    {
      key: 'select',
      header: 'bo.desk.col.select',
      cell: (p) => (
        <input
          type="checkbox"
          checked={selected.has(p.id)}
          onChange={(e) => toggle(p, e.target.checked)}
          aria-label={p.account}
          data-testid="player-select"
          disabled={!selected.has(p.id) && selected.size >= BULK_SELECTION_MAX}
        />
      ),
    },
    { key: 'id', header: 'bo.players.id', className: 'text-slate-500', cell: (p) => p.id },
    {
      key: 'account',
      header: 'bo.players.account',
      className: 'font-medium',
      cell: (p) => (
        <a href={`${boPath(locale, 'player')}?id=${p.id}`} className="text-brand-600 hover:underline" data-testid="player-link">
          {p.account}
        </a>
      ),
    },
    { key: 'phone', header: 'bo.players.phone', className: 'font-mono', cell: (p) => p.phone || '—' },
    { key: 'level', header: 'bo.players.level', cell: (p) => p.level_id },
    { key: 'balance', header: 'bo.desk.col.balance', align: 'right', className: 'tabular-nums', cell: (p) => <Money value={p.balance} /> },
    {
      key: 'tags',
      header: 'bo.desk.col.tags',
      cell: (p) => (
        <span className="flex flex-wrap gap-1" data-testid="player-tags">
          {p.tags.map((g) => (
            <span key={g.id} className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">
              {g.name}
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'bo.players.status',
      cell: (p) => (p.status === PLAYER_STATUS.active ? t['bo.players.active'] : <span className="text-red-700">{t['bo.players.disabled']}</span>),
    },
    { key: 'online', header: 'bo.players.online', cell: (p) => <StatusPill on={p.online} onText={t['bo.yes']} offText={t['bo.no']} /> },
    { key: 'registered', header: 'bo.players.registered', className: 'whitespace-nowrap text-slate-500', cell: (p) => formatTime(p.created_at, locale) },
    { key: 'last_login', header: 'bo.players.last_login', className: 'whitespace-nowrap text-slate-500', cell: (p) => formatTime(p.last_login_at, locale) },
    {
      key: 'actions',
      header: 'bo.actions',
      hidden: !canKick,
      cell: (p) => (
        <button type="button" className={cls.btnDanger} disabled={!p.online} onClick={() => setTarget(p)} data-testid="kick">
          {t['bo.players.kick']}
        </button>
      ),
    },
  ];

  return (
    <div className="max-w-7xl">
      <FilterForm
        t={t}
        draft={draft}
        setDraft={setDraft}
        tags={tags.data ?? []}
        onApply={() => setApplied(draft)}
        onReset={() => {
          setDraft(NO_FILTERS);
          setApplied(NO_FILTERS);
        }}
        onRefresh={() => void list.reload()}
        busy={list.loading}
      />
      <NoticeBanner notice={action.notice} />
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm" data-testid="player-selection">
        <span data-count={selected.size}>{fill(t['bo.desk.sel.count'], { n: selected.size, max: BULK_SELECTION_MAX })}</span>
        <button type="button" className={cls.btnSmall} onClick={selectPage} data-testid="select-page">
          {t['bo.desk.sel.page']}
        </button>
        <button type="button" className={cls.btnSmall} onClick={() => setSelected(new Map())} disabled={!selected.size}>
          {t['bo.desk.sel.clear']}
        </button>
        {selected.size >= BULK_SELECTION_MAX && <span className="text-amber-700">{t['bo.desk.sel.full']}</span>}
        <BulkActions
          t={t}
          selected={selected}
          tags={tags.data ?? []}
          onTagsChanged={() => void tags.reload()}
          onDone={() => {
            void list.reload();
            void tags.reload();
          }}
        />
      </div>
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns} rowKey={(p) => p.id} testId="bo-players" scroll rowData={(p) => ({ 'data-player': p.account })} />
      </section>
      <ConfirmDialog
        t={t}
        open={!!target}
        busy={action.busy}
        message={fill(t['bo.players.kick_confirm'], { account: target?.account ?? '' })}
        onConfirm={() => void kick()}
        onCancel={() => setTarget(null)}
      />
    </div>
  );
}

function FilterForm({
  t,
  draft,
  setDraft,
  tags,
  onApply,
  onReset,
  onRefresh,
  busy,
}: {
  t: T;
  draft: Filters;
  setDraft: (f: Filters) => void;
  tags: Array<{ id: number; name: string }>;
  onApply: () => void;
  onReset: () => void;
  onRefresh: () => void;
  busy: boolean;
}) {
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const range = (label: string, from: keyof Filters, to: keyof Filters, type: 'date' | 'text', names: [string, string]) => (
    <fieldset className="flex items-end gap-1">
      <legend className={cls.label}>{label}</legend>
      <input
        type={type}
        value={draft[from] as string}
        onChange={set(from)}
        aria-label={`${label} ${names[0]}`}
        placeholder={names[0]}
        name={from}
        className={`${cls.input} w-36`}
        inputMode={type === 'text' ? 'decimal' : undefined}
        maxLength={16}
      />
      <span className="pb-2 text-slate-400">–</span>
      <input
        type={type}
        value={draft[to] as string}
        onChange={set(to)}
        aria-label={`${label} ${names[1]}`}
        placeholder={names[1]}
        name={to}
        className={`${cls.input} w-36`}
        inputMode={type === 'text' ? 'decimal' : undefined}
        maxLength={16}
      />
    </fieldset>
  );
  return (
    <form
      className={`${cls.card} mb-4 flex flex-wrap items-end gap-4`}
      data-testid="player-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <div>
        <label className={cls.label} htmlFor="pf-q">
          {t['bo.search']}
        </label>
        <input
          id="pf-q"
          value={draft.q}
          onChange={set('q')}
          placeholder={t['bo.players.search_placeholder']}
          maxLength={32}
          className={`${cls.input} w-56`}
          name="q"
        />
      </div>
      <div>
        <label className={cls.label} htmlFor="pf-status">
          {t['bo.desk.f.status']}
        </label>
        <select id="pf-status" value={draft.status} onChange={set('status')} className={cls.input} name="status">
          <option value="">{t['bo.desk.f.any']}</option>
          <option value="1">{t['bo.players.active']}</option>
          <option value="0">{t['bo.players.disabled']}</option>
        </select>
      </div>
      <div>
        <label className={cls.label} htmlFor="pf-level">
          {t['bo.desk.f.level']}
        </label>
        <input id="pf-level" value={draft.level} onChange={set('level')} inputMode="numeric" maxLength={3} className={`${cls.input} w-20`} name="level" />
      </div>
      {range(t['bo.desk.f.registered'], 'registered_from', 'registered_to', 'date', [t['bo.desk.f.from'], t['bo.desk.f.to']])}
      {range(t['bo.desk.f.signed_in'], 'signed_in_from', 'signed_in_to', 'date', [t['bo.desk.f.from'], t['bo.desk.f.to']])}
      {range(t['bo.desk.f.balance'], 'balance_min', 'balance_max', 'text', [t['bo.desk.f.min'], t['bo.desk.f.max']])}
      <div>
        <label className={cls.label} htmlFor="pf-register-ip">
          {t['bo.desk.f.register_ip']}
        </label>
        <input
          id="pf-register-ip"
          value={draft.register_ip}
          onChange={set('register_ip')}
          placeholder={t['bo.desk.f.register_ip_hint']}
          maxLength={45}
          className={`${cls.input} w-44 font-mono`}
          name="register_ip"
        />
      </div>
      <div>
        <label className={cls.label} htmlFor="pf-deposits-min">
          {t['bo.desk.f.deposits_min']}
        </label>
        <input
          id="pf-deposits-min"
          value={draft.deposits_min}
          onChange={set('deposits_min')}
          inputMode="numeric"
          maxLength={5}
          className={`${cls.input} w-24`}
          name="deposits_min"
        />
      </div>
      <div>
        <label className={cls.label} htmlFor="pf-partner">
          {t['bo.desk.f.partner']}
        </label>
        <input
          id="pf-partner"
          value={draft.partner}
          onChange={set('partner')}
          inputMode="numeric"
          maxLength={12}
          className={`${cls.input} w-28`}
          name="partner"
        />
      </div>
      <div>
        <label className={cls.label} htmlFor="pf-risk-group">
          {t['bo.desk.f.risk_group']}
        </label>
        <input
          id="pf-risk-group"
          value={draft.risk_group}
          onChange={set('risk_group')}
          inputMode="numeric"
          maxLength={12}
          className={`${cls.input} w-28`}
          name="risk_group"
        />
      </div>
      {tags.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className={cls.label}>{t['bo.desk.f.tags']}</legend>
          {tags.map((g) => (
            <label key={g.id} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={draft.tags.includes(g.id)}
                data-testid="filter-tag"
                onChange={(e) => setDraft({ ...draft, tags: e.target.checked ? [...draft.tags, g.id] : draft.tags.filter((x) => x !== g.id) })}
              />
              {g.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex gap-2">
        <button type="submit" className={cls.btn} data-testid="filter-apply">
          {t['bo.desk.f.apply']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={onReset}>
          {t['bo.desk.f.reset']}
        </button>
        <button type="button" className={cls.btnGhost} onClick={onRefresh} disabled={busy}>
          {t['bo.refresh']}
        </button>
      </div>
    </form>
  );
}
