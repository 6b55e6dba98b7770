// The system desk: per event kind what the outbox holds (waiting, oldest waiting, delivery lag, failures with their
// latest error, dead letters), the dead letters with their redrive, and the scheduled jobs with their runs and "run
// now". The events tab loads with the page and refreshes every few seconds while the tab is visible; the dead-letter
// and job tabs are loaded on demand, so the page's first script stays small.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Guard, ListState, cls, fill, formatTime, Loading, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { OutboxKindView } from '../../../shared/schemas/backoffice/system-desk.ts';
import { durationText, type DeskKey, type DeskNames, type DeskT } from './desk-words.ts';
import { TechName } from './DeskName.tsx';

const DeadLetters = lazy(() => import('./SystemDeskDead.tsx'));
const Jobs = lazy(() => import('./SystemDeskJobs.tsx'));

/** How often the figures are read again while the page is in front. */
const REFRESH_MS = 10_000;
const TABS = ['outbox', 'dead', 'jobs'] as const;
type Tab = (typeof TABS)[number];

export default function SystemDesk({ t, locale, names }: IslandProps<DeskKey> & { names: DeskNames }) {
  return (
    <Guard t={t} locale={locale} permission="system.read">
      {() => <Body t={t} locale={locale} names={names} />}
    </Guard>
  );
}

function Body({ t, locale, names }: { t: DeskT; locale: Locale; names: DeskNames }) {
  const [tab, setTab] = useState<Tab>('outbox');
  const [deadKind, setDeadKind] = useState('');
  const outbox = useBoData('GET /system-desk/outbox');
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && tab === 'outbox') void outbox.reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [outbox.reload, tab]);
  const kinds = outbox.data?.kinds ?? [];
  return (
    <div className="max-w-7xl space-y-4" data-testid="system-desk">
      <p className="text-sm text-slate-500">{t['bo.sysdesk.hint']}</p>
      <div className="flex flex-wrap gap-2" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? cls.btn : cls.btnGhost}
            onClick={() => setTab(k)}
            data-testid={`sysdesk-tab-${k}`}
          >
            {t[`bo.sysdesk.tab.${k}`]}
          </button>
        ))}
        <button type="button" className={`${cls.btnGhost} ml-auto`} onClick={() => void outbox.reload()} disabled={outbox.loading}>
          {t['bo.refresh']}
        </button>
      </div>
      {tab === 'outbox' && (
        <section data-testid="sysdesk-outbox">
          <ListState t={t} {...outbox.state} empty={outbox.data !== null && kinds.length === 0} emptyText={t['bo.sysdesk.kinds.empty']}>
            {outbox.data && (
              <>
                <p className="mb-3 text-xs text-slate-500">{fill(t['bo.sysdesk.as_of'], { time: formatTime(outbox.data.as_of, locale) })}</p>
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {kinds.map((k) => (
                    <KindCard
                      key={k.event}
                      t={t}
                      locale={locale}
                      names={names}
                      kind={k}
                      onDead={() => {
                        setDeadKind(k.event);
                        setTab('dead');
                      }}
                    />
                  ))}
                </div>
              </>
            )}
          </ListState>
        </section>
      )}
      <Suspense fallback={<Loading t={t} />}>
        {tab === 'dead' && (
          <DeadLetters t={t} locale={locale} names={names} kinds={kinds} kind={deadKind} onKind={setDeadKind} onChanged={() => void outbox.reload()} />
        )}
        {tab === 'jobs' && <Jobs t={t} locale={locale} names={names} />}
      </Suspense>
    </div>
  );
}

function Figure({ label, value, warn, testId }: { label: string; value: string; warn?: boolean; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`font-semibold tabular-nums ${warn ? 'text-red-700' : 'text-slate-900'}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function KindCard({ t, locale, names, kind, onDead }: { t: DeskT; locale: Locale; names: DeskNames; kind: OutboxKindView; onDead: () => void }) {
  const count = (n: number) => n.toLocaleString('en-US');
  const lag = kind.lag_p50_ms === null ? t['bo.sysdesk.none'] : `${durationText(t, kind.lag_p50_ms)} / ${durationText(t, kind.lag_p99_ms)}`;
  return (
    <article className={cls.card} data-testid="sysdesk-kind" data-event={kind.event}>
      <h2 className="mb-3 font-semibold text-brand-800">
        <span className="sr-only">{t['bo.sysdesk.col.event']} </span>
        <TechName names={names} kind="event_kind" name={kind.event} />
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Figure label={t['bo.sysdesk.col.pending']} value={count(kind.pending)} testId="kind-pending" />
        <Figure
          label={t['bo.sysdesk.col.oldest']}
          value={kind.oldest_pending_age_ms === null ? t['bo.sysdesk.none'] : fill(t['bo.sysdesk.ago'], { age: durationText(t, kind.oldest_pending_age_ms) })}
          testId="kind-oldest"
        />
        <Figure label={t['bo.sysdesk.col.lag']} value={lag} testId="kind-lag" />
        <Figure label={t['bo.sysdesk.col.delivered']} value={count(kind.delivered_last_hour)} testId="kind-delivered" />
        <Figure label={t['bo.sysdesk.col.failing']} value={count(kind.failing)} warn={kind.failing > 0} testId="kind-failing" />
        <div>
          <dt className="text-xs text-slate-500">{t['bo.sysdesk.col.dead']}</dt>
          <dd className={`font-semibold tabular-nums ${kind.dead > 0 ? 'text-red-700' : 'text-slate-900'}`} data-testid="kind-dead">
            {kind.dead > 0 ? (
              <button type="button" className="underline decoration-dotted underline-offset-2" onClick={onDead}>
                {count(kind.dead)}
              </button>
            ) : (
              count(kind.dead)
            )}
          </dd>
        </div>
      </dl>
      {kind.last_error !== null && (
        <div className="mt-3 border-t border-slate-100 pt-2 text-xs">
          <p className="text-slate-500">
            {t['bo.sysdesk.col.last_error']} · {formatTime(kind.last_failed_at, locale)}
          </p>
          <code className="mt-1 block break-words rounded bg-slate-50 p-1.5 text-slate-700" data-testid="kind-last-error">
            {kind.last_error}
          </code>
        </div>
      )}
    </article>
  );
}
