// Players: find by account or phone, see who is signed in, and kick a player off every device.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import {
  COMMON_KEYS, ConfirmDialog, Guard, StatusPill, cls, fill, formatTime, type IslandProps,
} from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { FilteredPlayerRowView as PlayerRowView } from '../../../shared/schemas/backoffice/desk.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';

export const PLAYERS_KEYS = [
  ...COMMON_KEYS, 'bo.players.search_placeholder', 'bo.players.id', 'bo.players.account', 'bo.players.phone', 'bo.players.level',
  'bo.players.status', 'bo.players.online', 'bo.players.registered', 'bo.players.last_login', 'bo.players.register_ip',
  'bo.players.kick', 'bo.players.kick_confirm', 'bo.players.kicked', 'bo.players.active', 'bo.players.disabled', 'bo.yes', 'bo.no',
] as const;
type K = (typeof PLAYERS_KEYS)[number];
type T = IslandProps<K>['t'];

type Player = PlayerRowView;
const PAGE_SIZE = 20;

export default function Players({ t, locale }: IslandProps<K>) {
  return <Guard t={t} locale={locale} permission="players.read">{() => <Body t={t} locale={locale} />}</Guard>;
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canKick = hasPermission(staff, 'players.kick');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const list = useBoData('GET /players', { query: { q }, pageSize: PAGE_SIZE });
  const [target, setTarget] = useState<Player | null>(null);
  const action = useBoAction(t);

  const kick = async () => {
    if (!target) return;
    const { id, account } = target;
    const kicked = await action.run(() => boApi('POST /players/:id/kick', { params: { id } }), (res) => fill(t['bo.players.kicked'], { account, n: res.revoked }));
    if (kicked) void list.reload();
    setTarget(null);
  };

  const columns: Array<BoColumn<Player, K>> = [
    { key: 'id', header: 'bo.players.id', className: 'text-slate-500', cell: (p) => p.id },
    { key: 'account', header: 'bo.players.account', className: 'font-medium', cell: (p) => (
      <a href={`${boPath(locale, 'player')}?id=${p.id}`} className="text-brand-600 hover:underline" data-testid="player-link">{p.account}</a>
    ) },
    { key: 'phone', header: 'bo.players.phone', className: 'font-mono', cell: (p) => p.phone || '—' },
    { key: 'level', header: 'bo.players.level', cell: (p) => p.level_id },
    { key: 'status', header: 'bo.players.status', cell: (p) => (p.status === PLAYER_STATUS.active ? t['bo.players.active'] : <span className="text-red-700">{t['bo.players.disabled']}</span>) },
    { key: 'online', header: 'bo.players.online', cell: (p) => <StatusPill on={p.online} onText={t['bo.yes']} offText={t['bo.no']} /> },
    { key: 'registered', header: 'bo.players.registered', className: 'whitespace-nowrap text-slate-500', cell: (p) => formatTime(p.created_at, locale) },
    { key: 'last_login', header: 'bo.players.last_login', className: 'whitespace-nowrap text-slate-500', cell: (p) => formatTime(p.last_login_at, locale) },
    { key: 'register_ip', header: 'bo.players.register_ip', className: 'font-mono text-xs text-slate-500', cell: (p) => p.register_ip || '—' },
    { key: 'actions', header: 'bo.actions', hidden: !canKick, cell: (p) => (
      <button type="button" className={cls.btnDanger} disabled={!p.online} onClick={() => setTarget(p)} data-testid="kick">
        {t['bo.players.kick']}
      </button>
    ) },
  ];

  return (
    <div className="max-w-7xl">
      <form className="mb-4 flex items-center gap-3" onSubmit={(e) => { e.preventDefault(); setQ(input.trim()); }}>
        <input value={input} onChange={(e) => setInput(e.target.value)} placeholder={t['bo.players.search_placeholder']}
          aria-label={t['bo.players.search_placeholder']} maxLength={32} className={`${cls.input} w-72`} name="q" />
        <button type="submit" className={cls.btn}>{t['bo.search']}</button>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
      </form>
      <NoticeBanner notice={action.notice} />
      <section className={cls.card}>
        <BoTable t={t} list={list} columns={columns} rowKey={(p) => p.id} testId="bo-players" rowData={(p) => ({ 'data-player': p.account })} />
      </section>
      <ConfirmDialog t={t} open={!!target} busy={action.busy} message={fill(t['bo.players.kick_confirm'], { account: target?.account ?? '' })}
        onConfirm={() => void kick()} onCancel={() => setTarget(null)} />
    </div>
  );
}
