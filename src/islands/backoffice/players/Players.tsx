// Players: find by account or phone, see who is signed in, and kick a player off every device.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import {
  Banner, COMMON_KEYS, ConfirmDialog, Guard, ListState, Pager, StatusPill, cls, errorText, fill, formatTime,
  type IslandProps,
} from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { PlayerRowView } from '../../../shared/schemas/backoffice/players.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';
import type { Notice } from '../kit/form.tsx';

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
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const kick = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const res = await boApi('POST /players/:id/kick', { params: { id: target.id } });
      setNotice({ kind: 'success', text: fill(t['bo.players.kicked'], { account: target.account, n: res.revoked }) });
      void list.reload();
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
    setTarget(null);
  };

  return (
    <div className="max-w-7xl">
      <form className="mb-4 flex items-center gap-3" onSubmit={(e) => { e.preventDefault(); setQ(input.trim()); }}>
        <input value={input} onChange={(e) => setInput(e.target.value)} placeholder={t['bo.players.search_placeholder']}
          aria-label={t['bo.players.search_placeholder']} maxLength={32} className={`${cls.input} w-72`} name="q" />
        <button type="submit" className={cls.btn}>{t['bo.search']}</button>
        <button type="button" className={cls.btnGhost} onClick={() => void list.reload()} disabled={list.loading}>{t['bo.refresh']}</button>
      </form>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <section className={cls.card}>
        <ListState t={t} {...list.state}>
          {list.data && <table className={cls.table} data-testid="bo-players">
            <thead>
              <tr>
                <th className={cls.th}>{t['bo.players.id']}</th>
                <th className={cls.th}>{t['bo.players.account']}</th>
                <th className={cls.th}>{t['bo.players.phone']}</th>
                <th className={cls.th}>{t['bo.players.level']}</th>
                <th className={cls.th}>{t['bo.players.status']}</th>
                <th className={cls.th}>{t['bo.players.online']}</th>
                <th className={cls.th}>{t['bo.players.registered']}</th>
                <th className={cls.th}>{t['bo.players.last_login']}</th>
                <th className={cls.th}>{t['bo.players.register_ip']}</th>
                {canKick && <th className={cls.th}>{t['bo.actions']}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((p) => (
                <tr key={p.id} data-player={p.account}>
                  <td className={`${cls.td} text-slate-500`}>{p.id}</td>
                  <td className={`${cls.td} font-medium`}>
                    <a href={`${boPath(locale, 'player')}?id=${p.id}`} className="text-brand-600 hover:underline" data-testid="player-link">{p.account}</a>
                  </td>
                  <td className={`${cls.td} font-mono`}>{p.phone || '—'}</td>
                  <td className={cls.td}>{p.level_id}</td>
                  <td className={cls.td}>{p.status === PLAYER_STATUS.active ? t['bo.players.active'] : <span className="text-red-700">{t['bo.players.disabled']}</span>}</td>
                  <td className={cls.td}><StatusPill on={p.online} onText={t['bo.yes']} offText={t['bo.no']} /></td>
                  <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(p.created_at, locale)}</td>
                  <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(p.last_login_at, locale)}</td>
                  <td className={`${cls.td} font-mono text-xs text-slate-500`}>{p.register_ip || '—'}</td>
                  {canKick && (
                    <td className={cls.td}>
                      <button type="button" className={cls.btnDanger} disabled={!p.online} onClick={() => setTarget(p)} data-testid="kick">
                        {t['bo.players.kick']}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>}
        </ListState>
        {list.data && list.data.total > PAGE_SIZE && (
          <Pager t={t} page={list.page} total={list.data.total} pageSize={PAGE_SIZE} onPage={list.go} />
        )}
      </section>
      <ConfirmDialog t={t} open={!!target} busy={busy} message={fill(t['bo.players.kick_confirm'], { account: target?.account ?? '' })}
        onConfirm={() => void kick()} onCancel={() => setTarget(null)} />
    </div>
  );
}
