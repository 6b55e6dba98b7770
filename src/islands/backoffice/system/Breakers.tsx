// Every instance's circuit breakers (providers, the gateway, seamless launches, SMS): which exist, their state, since
// when, and their latest failures, so an operator sees whether a system is refused everywhere or on one instance.
// Read only, refreshed every few seconds while the tab is visible.
import { useEffect } from 'react';
import { COMMON_KEYS, Banner, Guard, ListState, cls, fill, formatTime, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { InstanceBreakersView } from '../../../shared/schemas/backoffice/operations.ts';

export const BREAKERS_KEYS = [
  ...COMMON_KEYS,
  'bo.breakers.hint',
  'bo.breakers.not_shared',
  'bo.breakers.instance',
  'bo.breakers.this_instance',
  'bo.breakers.reported',
  'bo.breakers.none',
  'bo.breakers.system',
  'bo.breakers.state',
  'bo.breakers.since',
  'bo.breakers.window',
  'bo.breakers.window_counts',
  'bo.breakers.recent',
  'bo.breakers.no_failures',
  'bo.breakers.state.closed',
  'bo.breakers.state.half_open',
  'bo.breakers.state.open',
  'bo.breakers.kind.provider',
  'bo.breakers.kind.gateway',
  'bo.breakers.kind.seamless',
  'bo.breakers.kind.sms',
  'bo.breakers.failure.server_error',
  'bo.breakers.failure.timeout',
  'bo.breakers.failure.network',
] as const;
type K = (typeof BREAKERS_KEYS)[number];
type T = IslandProps<K>['t'];

const REFRESH_MS = 5_000;

const STATE_STYLE = {
  closed: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  half_open: 'bg-amber-50 text-amber-800 border-amber-200',
  open: 'bg-red-50 text-red-800 border-red-200',
} as const;

export default function Breakers({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="breakers.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const board = useBoData('GET /breakers');
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void board.reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [board.reload]);
  return (
    <div className="max-w-6xl">
      <div className="mb-4 flex items-start justify-between gap-4">
        <p className="text-sm text-slate-500">{t['bo.breakers.hint']}</p>
        <button type="button" className={cls.btnGhost} onClick={() => void board.reload()} disabled={board.loading} data-testid="breakers-refresh">
          {t['bo.refresh']}
        </button>
      </div>
      <ListState t={t} loading={board.loading && !board.data} error={board.error} retry={board.reload}>
        {board.data && (
          <>
            {!board.data.shared && (
              <Banner kind="info" testId="breakers-not-shared">
                {t['bo.breakers.not_shared']}
              </Banner>
            )}
            {board.data.instances.map((inst, i) => (
              <Instance key={inst.instance} t={t} locale={locale} view={inst} own={i === 0} />
            ))}
          </>
        )}
      </ListState>
    </div>
  );
}

/** A breaker's name is <kind>:<code> (or sms alone): the kind is translated, the code is the platform's own. */
function systemName(t: T, name: string): string {
  const [kind, ...rest] = name.split(':');
  const label = t[`bo.breakers.kind.${kind}` as K] ?? kind;
  return rest.length ? `${label} ${rest.join(':')}` : label;
}

function Instance({ t, locale, view, own }: { t: T; locale: Locale; view: InstanceBreakersView; own: boolean }) {
  return (
    <section className={`${cls.card} mb-4`} data-testid="breakers-instance" data-instance={view.instance}>
      <h2 className="mb-3 flex items-baseline gap-3 font-semibold text-brand-800">
        <span>
          {t['bo.breakers.instance']} <span className="font-mono">{view.instance}</span>
        </span>
        {own && <span className="text-xs font-normal text-slate-500">{t['bo.breakers.this_instance']}</span>}
        <span className="ml-auto text-xs font-normal text-slate-500">
          {t['bo.breakers.reported']} {formatTime(view.reported_at, locale)}
        </span>
      </h2>
      {view.breakers.length === 0 ? (
        <p className="text-sm text-slate-500" role="status">
          {t['bo.breakers.none']}
        </p>
      ) : (
        <table className={cls.table}>
          <thead>
            <tr>
              <th className={cls.th}>{t['bo.breakers.system']}</th>
              <th className={cls.th}>{t['bo.breakers.state']}</th>
              <th className={cls.th}>{t['bo.breakers.since']}</th>
              <th className={cls.th}>{t['bo.breakers.window']}</th>
              <th className={cls.th}>{t['bo.breakers.recent']}</th>
            </tr>
          </thead>
          <tbody>
            {view.breakers.map((b) => (
              <tr key={b.name} data-testid="breaker-row" data-breaker={b.name} data-state={b.state}>
                <td className={`${cls.td} whitespace-nowrap`}>{systemName(t, b.name)}</td>
                <td className={cls.td}>
                  <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${STATE_STYLE[b.state]}`}>
                    {t[`bo.breakers.state.${b.state}`]}
                  </span>
                </td>
                <td className={`${cls.td} whitespace-nowrap text-slate-500`}>{formatTime(b.since, locale)}</td>
                <td className={`${cls.td} whitespace-nowrap`}>
                  {fill(t['bo.breakers.window_counts'], { failures: b.failures, rejects: b.rejects, successes: b.successes })}
                </td>
                <td className={`${cls.td} w-full`}>
                  {b.recent.length === 0 ? (
                    <span className="text-slate-400">{t['bo.breakers.no_failures']}</span>
                  ) : (
                    <ul className="space-y-0.5 text-xs">
                      {b.recent.map((f, i) => (
                        <li key={i}>
                          <span className="text-slate-500">{formatTime(f.at, locale)}</span> {t[`bo.breakers.failure.${f.kind}`]}
                          {f.status !== null ? ` (${f.status})` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
