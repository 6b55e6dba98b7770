// The VIP part of the back office's player page: level with manual set and lock, points with adjustments
// (with a reason), the rewards offered and the level history.
import { useEffect, useState } from 'react';
import { boApi } from '../kit/api.ts';
import { Banner, ListState, cls, errorText, formatTime, isRecord, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import { formatDecimal, formatPoints, formatPointsChange } from '../../../shared/money.ts';
import { POINTS_KIND_KEYS, pointsKindName } from '../kit/codes.ts';

export const VIP_PLAYER_KEYS = [
  'bo.vip.section',
  'bo.vip.level',
  'bo.vip.locked',
  'bo.vip.set_level',
  'bo.vip.reason',
  'bo.vip.save',
  'bo.vip.saved',
  'bo.vip.points',
  'bo.vip.points_change',
  'bo.vip.points_adjust',
  'bo.vip.history',
  'bo.vip.history.upgrade',
  'bo.vip.history.downgrade',
  'bo.vip.history.manual',
  'bo.vip.rewards',
  'bo.vip.points_history',
  ...POINTS_KIND_KEYS,
] as const;
type T = CommonT & Record<(typeof VIP_PLAYER_KEYS)[number], string>;

export function VipSection({ t, locale, playerId, canEdit }: { t: T; locale: Locale; playerId: number; canEdit: boolean }) {
  const { data: view, error: loadError, reload } = useBoData('GET /vip/players/:id', { params: { id: playerId } });
  const [error, setError] = useState<unknown>(null);
  const [level, setLevel] = useState(0);
  const [locked, setLocked] = useState(false);
  const [reason, setReason] = useState('');
  const [points, setPoints] = useState('');
  const [pointsReason, setPointsReason] = useState('');
  const [notice, setNotice] = useState('');

  // The level form starts from what the server holds, again after every save.
  useEffect(() => {
    if (view) {
      setLevel(view.level_id);
      setLocked(view.locked);
    }
  }, [view]);

  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      setError(null);
      setNotice(t['bo.vip.saved']);
      void reload();
    } catch (err) {
      setNotice('');
      setError(err);
    }
  };

  return (
    <section className={cls.card} data-testid="bo-player-vip">
      <h2 className="mb-3 text-lg font-semibold">{t['bo.vip.section']}</h2>
      {error ? <Banner kind="error">{errorText(error, t)}</Banner> : null}
      {notice ? <Banner kind="success">{notice}</Banner> : null}
      <ListState t={t} loading={!view} error={loadError} retry={reload}>
        {view && (
          <div className="space-y-4">
            <p className="flex items-center gap-2">
              <img src={view.icon} alt="" width={28} height={28} />
              <span>
                {t['bo.vip.level']}: Lv.{view.level_id}
                {view.locked ? ` (${t['bo.vip.locked']})` : ''}
              </span>
              <span className="ml-6">
                {t['bo.vip.points']}: <strong data-testid="bo-player-points">{formatPoints(view.points)}</strong>
              </span>
            </p>
            {canEdit && (
              <div className="grid gap-4 md:grid-cols-2">
                <form
                  className="flex flex-wrap items-end gap-2"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() => boApi('POST /vip/players/:id/level', { params: { id: playerId }, body: { level_id: level, locked, reason } }));
                  }}
                >
                  <label>
                    <span className={cls.label}>{t['bo.vip.set_level']}</span>
                    <select className={cls.input} value={level} onChange={(e) => setLevel(Number(e.target.value))} data-testid="bo-vip-level-select">
                      {Array.from({ length: 11 }, (_, i) => (
                        <option key={i} value={i}>
                          Lv.{i}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex h-9 items-center gap-1 text-sm">
                    <input type="checkbox" checked={locked} onChange={(e) => setLocked(e.target.checked)} />
                    {t['bo.vip.locked']}
                  </label>
                  <label className="flex-1">
                    <span className={cls.label}>{t['bo.vip.reason']}</span>
                    <input className={cls.input} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
                  </label>
                  <button type="submit" className={cls.btn} disabled={!reason.trim()}>
                    {t['bo.vip.save']}
                  </button>
                </form>
                <form
                  className="flex flex-wrap items-end gap-2"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    // One key per submitted adjustment, so a double click does not add the points twice.
                    const key = `pa-${playerId}-${crypto.randomUUID()}`;
                    void run(() =>
                      boApi('POST /vip/players/:id/points', {
                        params: { id: playerId },
                        body: { points: Number(points), reason: pointsReason },
                        headers: { 'idempotency-key': key },
                      }),
                    );
                  }}
                >
                  <label>
                    <span className={cls.label}>{t['bo.vip.points_change']}</span>
                    <input className={cls.input} type="number" value={points} onChange={(e) => setPoints(e.target.value)} />
                  </label>
                  <label className="flex-1">
                    <span className={cls.label}>{t['bo.vip.reason']}</span>
                    <input className={cls.input} value={pointsReason} maxLength={200} onChange={(e) => setPointsReason(e.target.value)} />
                  </label>
                  <button type="submit" className={cls.btn} disabled={!pointsReason.trim() || !Number(points)}>
                    {t['bo.vip.points_adjust']}
                  </button>
                </form>
              </div>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <h3 className="mb-1 font-semibold">{t['bo.vip.history']}</h3>
                <table className={cls.table}>
                  <tbody>
                    {view.history.map((h) => (
                      <tr key={h.id}>
                        <td className={cls.td}>{formatTime(h.created_at, locale)}</td>
                        <td className={cls.td}>
                          Lv.{h.from} → Lv.{h.to}
                        </td>
                        <td className={cls.td}>
                          {t[`bo.vip.history.${h.reason as 'manual'}`] ?? h.reason}
                          {isRecord(h.detail) && typeof h.detail.reason === 'string' ? `: ${h.detail.reason}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="md:col-span-2">
                <h3 className="mb-1 font-semibold">{t['bo.vip.points_history']}</h3>
                <table className={cls.table} data-testid="bo-points-history">
                  <tbody>
                    {view.points_history.map((p) => (
                      <tr key={p.id}>
                        <td className={cls.td}>{formatTime(p.created_at, locale)}</td>
                        <td className={cls.td}>{pointsKindName(t, p.kind)}</td>
                        <td className={cls.td}>{formatPointsChange(p.points)}</td>
                        <td className={cls.td}>{formatPoints(p.balance)}</td>
                        <td className={cls.td}>{p.memo}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div>
                <h3 className="mb-1 font-semibold">{t['bo.vip.rewards']}</h3>
                <table className={cls.table}>
                  <tbody>
                    {view.rewards.map((r) => (
                      <tr key={r.id}>
                        <td className={cls.td}>{formatTime(r.created_at, locale)}</td>
                        <td className={cls.td}>
                          {r.kind} {r.period}
                        </td>
                        <td className={cls.td}>{formatDecimal(r.amount)}</td>
                        <td className={cls.td}>{r.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        )}
      </ListState>
    </section>
  );
}
