// The VIP page (desktop /member/vip-privilege, mobile /mobile/f-vip/vip): the current level and icon,
// progress to the next level in exact amounts, what keeps the level, rewards to claim and every level's
// privileges; with mode="rules" the rules of /member/vip-privilege-detail. It reloads when the player's
// level changes (the update-user event refreshes the session's user), so a new level shows without a reload.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $sessionReady, $user } from '../../stores/session.ts';
import { api } from '../../stores/api.ts';
import { formatDecimal, formatPoints } from '../../shared/money.ts';
import type { Locale } from '../../shared/constants.ts';
import type { VipInfoView } from '../../shared/schemas/vip.ts';
import { failureText } from '../../stores/wallet.ts';
import { showAlert } from '../../stores/ui.ts';
import { LOGIN_PROMPT_KEYS, LoginPrompt, Spinner } from '../kit/status.tsx';
import { fill } from '../../shared/text.ts';
import { usePageSetup, type Variant } from '../kit/page.ts';

export const VIP_KEYS = [
  ...LOGIN_PROMPT_KEYS,
  'wallet.loading',
  'error.generic',
  'error.network',
  'vip.current',
  'vip.locked',
  'vip.period_note',
  'vip.deposit_total',
  'vip.valid_bet_total',
  'vip.next',
  'vip.deposit_needed',
  'vip.valid_bet_needed',
  'vip.top',
  'vip.keep',
  'vip.keep_need',
  'vip.keep_ok',
  'vip.keep_missing',
  'vip.rewards',
  'vip.rewards_empty',
  'vip.claim',
  'vip.claimed',
  'vip.claim_done',
  'vip.kind.upgrade',
  'vip.kind.monthly',
  'vip.kind.birthday',
  'vip.target.bonus',
  'vip.target.central',
  'vip.table',
  'vip.col.level',
  'vip.col.deposit',
  'vip.col.valid_bet',
  'vip.col.keep',
  'vip.col.upgrade',
  'vip.col.monthly',
  'vip.col.birthday',
  'vip.col.withdraw_count',
  'vip.col.withdraw_free',
  'vip.col.withdraw_fee',
  'vip.col.rebate',
  'vip.col.points',
  'vip.detail_link',
  'vip.rules.title',
  'vip.rules.1',
  'vip.rules.2',
  'vip.rules.3',
  'vip.rules.4',
  'vip.rules.5',
  'vip.rules.6',
  'vip.error_prefix',
] as const;
type T = Record<(typeof VIP_KEYS)[number], string>;

export default function VipPrivilege({
  t,
  locale,
  variant,
  mode = 'overview',
  detailPath,
}: {
  t: T;
  locale: Locale;
  variant: Variant;
  mode?: 'overview' | 'rules';
  detailPath?: string;
}) {
  usePageSetup(locale, t['error.network']);
  const user = useStore($user, { ssr: 'initial' });
  const ready = useStore($sessionReady, { ssr: 'initial' });
  const [info, setInfo] = useState<VipInfoView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const levelId = user?.level.id;

  useEffect(() => {
    if (levelId === undefined) return;
    let live = true;
    api('GET /vip/info')
      .then((res) => {
        if (live) {
          setInfo(res);
          setError('');
        }
      })
      .catch((err) => {
        if (live) setError(failureText(err, t['error.generic']));
      });
    return () => {
      live = false;
    };
    // The level in the session's user changes on update-user: that is when the page reads the level again.
  }, [levelId, reload]);

  if (!ready) return <Spinner label={t['wallet.loading']} />;
  if (!user) return <LoginPrompt t={t} variant={variant} />;
  if (error)
    return (
      <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
        {error}
      </p>
    );
  if (!info) return <Spinner label={t['wallet.loading']} />;
  const mobile = variant === 'mobile';
  const days = info.period_days;

  if (mode === 'rules') {
    return (
      <section className={`rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-5'}`} data-testid="vip-rules">
        <h2 className="mb-3 text-lg font-semibold">{t['vip.rules.title']}</h2>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          {(['vip.rules.1', 'vip.rules.2', 'vip.rules.3', 'vip.rules.4', 'vip.rules.5', 'vip.rules.6'] as const).map((k) => (
            <li key={k}>{fill(t[k], { days, grace: info.grace_days })}</li>
          ))}
        </ol>
        <LevelTable t={t} info={info} mobile={mobile} />
      </section>
    );
  }

  const claim = async (id: number) => {
    setBusy(id);
    try {
      await api('POST /vip/rewards/claim', { body: { id } });
      showAlert(t['vip.claim_done']);
      setReload((n) => n + 1);
    } catch (err) {
      showAlert(`${t['vip.error_prefix']}${failureText(err, t['error.generic'])}`);
    } finally {
      setBusy(null);
    }
  };
  const rewardName = (r: VipInfoView['rewards'][number]) =>
    fill(t[`vip.kind.${r.kind as 'upgrade' | 'monthly' | 'birthday'}`] ?? r.kind, { level: r.level_id, period: r.period });

  return (
    <div className="space-y-4" data-testid="vip-page">
      <section className={`flex flex-wrap items-center gap-4 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-5'}`}>
        <img src={info.level.icon} alt="" width={64} height={64} className="h-16 w-16" data-testid="vip-icon" />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">{t['vip.current']}</p>
          <p className="text-xl font-bold text-gold-600" data-testid="vip-level" data-level={info.level.id}>
            Lv.{info.level.id} {info.level.name}
          </p>
          {info.level.locked && <p className="text-xs text-slate-500">{t['vip.locked']}</p>}
          <p className="mt-1 text-xs text-slate-500">
            {fill(t['vip.period_note'], { days })}: {t['vip.deposit_total']} {formatDecimal(info.totals.deposit)} · {t['vip.valid_bet_total']}{' '}
            {formatDecimal(info.totals.valid_bet)}
          </p>
        </div>
        {detailPath && (
          <a href={detailPath} className="text-sm text-brand-700 underline">
            {t['vip.detail_link']}
          </a>
        )}
      </section>

      <div className={`grid gap-4 ${mobile ? '' : 'grid-cols-2'}`}>
        <section className={`rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} data-testid="vip-next">
          {info.next ? (
            <>
              <h2 className="mb-2 font-semibold">{fill(t['vip.next'], { name: `Lv.${info.next.id} ${info.next.name}` })}</h2>
              <dl className="grid grid-cols-2 gap-1 text-sm">
                <dt className="text-slate-500">{t['vip.deposit_needed']}</dt>
                <dd className="text-right font-semibold" data-testid="vip-deposit-needed">
                  {formatDecimal(info.next.deposit_needed)}
                </dd>
                <dt className="text-slate-500">{t['vip.valid_bet_needed']}</dt>
                <dd className="text-right font-semibold" data-testid="vip-bet-needed">
                  {formatDecimal(info.next.valid_bet_needed)}
                </dd>
              </dl>
            </>
          ) : (
            <p className="font-semibold">{t['vip.top']}</p>
          )}
        </section>
        <section className={`rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`}>
          <h2 className="mb-2 font-semibold">{t['vip.keep']}</h2>
          <p className="text-sm">{fill(t['vip.keep_need'], { amount: formatDecimal(info.keep.valid_bet_required), days })}</p>
          <p className={`text-sm font-semibold ${info.keep.kept ? 'text-emerald-700' : 'text-amber-700'}`}>
            {info.keep.kept ? t['vip.keep_ok'] : t['vip.keep_missing']}
          </p>
        </section>
      </div>

      <section className={`rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`} data-testid="vip-rewards">
        <h2 className="mb-2 font-semibold">{t['vip.rewards']}</h2>
        {!info.rewards.length ? (
          <p className="text-sm text-slate-500">{t['vip.rewards_empty']}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {info.rewards.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 py-2 text-sm" data-testid="vip-reward">
                <span className="min-w-0">
                  <span className="font-medium">{rewardName(r)}</span>
                  <span className="block text-xs text-slate-500">
                    {r.target === 'central'
                      ? t['vip.target.central']
                      : fill(t['vip.target.bonus'], { n: info.levels.find((l) => l.id === r.level_id)?.reward_flow_multiple ?? 1 })}
                  </span>
                </span>
                <span className="font-semibold text-brand-700">{formatDecimal(r.amount)}</span>
                {r.status === 'claimable' ? (
                  <button
                    type="button"
                    className="btn-primary h-8 px-3 disabled:opacity-60"
                    disabled={busy !== null}
                    onClick={() => void claim(r.id)}
                    data-testid="vip-claim"
                  >
                    {t['vip.claim']}
                  </button>
                ) : (
                  <span className="text-slate-500">{t['vip.claimed']}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <LevelTable t={t} info={info} mobile={mobile} />
    </div>
  );
}

function LevelTable({ t, info, mobile }: { t: T; info: VipInfoView; mobile: boolean }) {
  const cols: Array<[keyof T, (l: VipInfoView['levels'][number]) => string]> = [
    ['vip.col.deposit', (l) => formatDecimal(l.deposit_req)],
    ['vip.col.valid_bet', (l) => formatDecimal(l.valid_bet_req)],
    ['vip.col.keep', (l) => formatDecimal(l.keep_valid_bet)],
    ['vip.col.upgrade', (l) => formatDecimal(l.upgrade_reward)],
    ['vip.col.monthly', (l) => formatDecimal(l.monthly_reward)],
    ['vip.col.birthday', (l) => formatDecimal(l.birthday_reward)],
    ['vip.col.withdraw_count', (l) => formatPoints(l.withdraw_max_per_day)],
    ['vip.col.withdraw_free', (l) => formatPoints(l.withdraw_free_per_day)],
    ['vip.col.withdraw_fee', (l) => formatDecimal(l.withdraw_fee)],
    ['vip.col.rebate', (l) => l.rebate_rate],
    ['vip.col.points', (l) => formatPoints(l.points_rates.slots ?? 0)],
  ];
  return (
    <section className={`mt-4 rounded-lg bg-white ${mobile ? 'p-3 shadow-sm' : 'border border-slate-200 p-4'}`}>
      <h2 className="mb-2 font-semibold">{t['vip.table']}</h2>
      {/* The table scrolls sideways on narrow screens: a named tab stop lets keyboard users scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t['vip.table']}>
        <table className="w-full whitespace-nowrap text-xs" data-testid="vip-table">
          <thead>
            <tr className="bg-slate-50 text-left text-slate-600">
              <th scope="col" className="px-2 py-2 font-medium">
                {t['vip.col.level']}
              </th>
              {/* Headers wrap and cells keep tight padding, so the twelve columns fit the member page without a cut-off edge. */}
              {cols.map(([k]) => (
                <th key={k} scope="col" className="whitespace-normal px-1.5 py-2 text-right align-bottom font-medium">
                  {t[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {info.levels.map((l) => (
              <tr key={l.id} className={l.id === info.level.id ? 'bg-gold-500/10 font-semibold' : ''}>
                <th scope="row" className="px-2 py-1 text-left font-medium">
                  <img src={l.icon} alt="" width={20} height={20} className="mr-1 inline h-5 w-5" />
                  Lv.{l.id} {l.name}
                </th>
                {cols.map(([k, f]) => (
                  <td key={k} className="px-1.5 py-1 text-right tabular-nums">
                    {f(l)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
