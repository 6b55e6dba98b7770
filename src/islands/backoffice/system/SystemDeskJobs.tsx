// The system desk's scheduled jobs (loaded on demand): every job with its last run, duration, result and error, its
// next run and, with the permission 'system.run_job', "run now" (asked for in a dialog first); a job's recent runs
// open under the list, a page at a time.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi } from '../kit/api.ts';
import { cls, fill, formatTime, useConfirm } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { NoticeBanner, useBoAction } from '../kit/form.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { JobDeskView, JobRunView } from '../../../shared/schemas/backoffice/system-desk.ts';
import { durationText, nameOf, type DeskKey, type DeskNames, type DeskT } from './desk-words.ts';
import { TechName } from './DeskName.tsx';

/** Runs of a job per page. */
const RUNS_PAGE_SIZE = 10;

const RESULT_STYLE = {
  ok: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  failed: 'bg-red-50 text-red-800 border-red-200',
  running: 'bg-amber-50 text-amber-800 border-amber-200',
  never: 'bg-slate-50 text-slate-600 border-slate-200',
} as const;

function ResultPill({ t, result }: { t: DeskT; result: keyof typeof RESULT_STYLE }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${RESULT_STYLE[result]}`} data-result={result}>
      {t[`bo.sysdesk.result.${result}`]}
    </span>
  );
}

function ErrorCode({ t, error }: { t: DeskT; error: string | null }) {
  if (error === null) return <span className="text-slate-400">{t['bo.sysdesk.none']}</span>;
  return (
    <code className="line-clamp-3 break-words text-xs text-slate-700" title={error}>
      {error}
    </code>
  );
}

export default function SystemDeskJobs({ t, locale, names }: { t: DeskT; locale: Locale; names: DeskNames }) {
  const staff = useStore($boStaff);
  const mayRun = hasPermission(staff, 'system.run_job');
  const jobs = useBoData('GET /system-desk/jobs');
  const action = useBoAction(t);
  const confirm = useConfirm(t);
  const [shown, setShown] = useState<string | null>(null);
  const label = (job: string) => nameOf(names, 'job', job) ?? job;

  async function runNow(job: JobDeskView) {
    if (!(await confirm.ask(fill(t['bo.sysdesk.run_now.confirm'], { job: label(job.name) })))) return;
    const r = await action.run(
      () => boApi('POST /system-desk/jobs/:name/run-now', { params: { name: job.name } }),
      fill(t['bo.sysdesk.run_now.done'], { job: label(job.name) }),
    );
    if (r) await jobs.reload();
  }

  const columns: Array<BoColumn<JobDeskView, DeskKey>> = [
    { key: 'job', header: 'bo.sysdesk.col.job', className: 'whitespace-nowrap', cell: (j) => <TechName names={names} kind="job" name={j.name} /> },
    {
      key: 'last',
      header: 'bo.sysdesk.col.last_run',
      className: 'whitespace-nowrap text-slate-500',
      cell: (j) => (j.running ? <ResultPill t={t} result="running" /> : formatTime(j.last_started_at, locale)),
    },
    { key: 'duration', header: 'bo.sysdesk.col.duration', align: 'right', className: 'whitespace-nowrap', cell: (j) => durationText(t, j.last_duration_ms) },
    { key: 'result', header: 'bo.sysdesk.col.result', cell: (j) => <ResultPill t={t} result={j.last_result ?? 'never'} /> },
    {
      key: 'error',
      header: 'bo.sysdesk.col.error',
      className: 'max-w-[12rem]',
      cell: (j) => <ErrorCode t={t} error={j.last_error} />,
    },
    {
      key: 'next',
      header: 'bo.sysdesk.col.next_run',
      className: 'whitespace-nowrap',
      cell: (j) => (
        <>
          {formatTime(j.next_run_at, locale)}
          {j.run_requested_at && (
            <span className="block text-xs text-amber-700" data-testid="sysdesk-run-requested">
              {fill(t['bo.sysdesk.run_now.waiting'], { time: formatTime(j.run_requested_at, locale) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'bo.actions',
      cell: (j) => (
        <span className="flex flex-col items-start gap-1">
          <button type="button" className={cls.btnSmall} aria-expanded={shown === j.name} onClick={() => setShown(shown === j.name ? null : j.name)}>
            {t['bo.sysdesk.runs']}
          </button>
          {mayRun && (
            <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void runNow(j)} data-testid="sysdesk-run-now">
              {t['bo.sysdesk.run_now']}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="space-y-4" data-testid="sysdesk-jobs">
      <div className={cls.card}>
        <NoticeBanner notice={action.notice} testId="sysdesk-jobs-notice" />
        <BoTable
          t={t}
          columns={columns}
          rowKey={(j) => j.name}
          rows={jobs.data?.jobs ?? null}
          state={{ ...jobs.state, empty: jobs.data?.jobs.length === 0, emptyText: t['bo.sysdesk.jobs.empty'] }}
          scroll
          rowTestId="sysdesk-job-row"
          rowData={(j) => ({ 'data-job': j.name })}
        />
      </div>
      {shown && <Runs key={shown} t={t} locale={locale} names={names} job={shown} />}
      {confirm.dialog}
    </section>
  );
}

function Runs({ t, locale, names, job }: { t: DeskT; locale: Locale; names: DeskNames; job: string }) {
  // The job's name goes into the heading as an element, so a job the catalogue does not name shows as code.
  const [before = '', after = ''] = t['bo.sysdesk.runs.of'].split('{job}');
  const runs = useBoData('GET /system-desk/jobs/:name/runs', { params: { name: job }, pageSize: RUNS_PAGE_SIZE });
  const columns: Array<BoColumn<JobRunView, DeskKey>> = [
    { key: 'started', header: 'bo.sysdesk.col.started', className: 'whitespace-nowrap', cell: (r) => formatTime(r.started_at, locale) },
    { key: 'trigger', header: 'bo.sysdesk.col.trigger', className: 'whitespace-nowrap', cell: (r) => t[`bo.sysdesk.trigger.${r.trigger}`] },
    { key: 'duration', header: 'bo.sysdesk.col.duration', align: 'right', className: 'whitespace-nowrap', cell: (r) => durationText(t, r.duration_ms) },
    { key: 'result', header: 'bo.sysdesk.col.result', cell: (r) => <ResultPill t={t} result={r.result} /> },
    { key: 'error', header: 'bo.sysdesk.col.error', className: 'max-w-xs', cell: (r) => <ErrorCode t={t} error={r.error} /> },
    { key: 'instance', header: 'bo.sysdesk.col.instance', cell: (r) => <code className="text-xs text-slate-600">{r.instance}</code> },
  ];
  const state = { ...runs.state, emptyText: t['bo.sysdesk.runs.empty'] };
  return (
    <section className={cls.card} data-testid="sysdesk-runs" data-job={job}>
      <h2 className="mb-3 font-semibold text-brand-800">
        {before}
        <TechName names={names} kind="job" name={job} />
        {after}
      </h2>
      <BoTable t={t} columns={columns} rowKey={(r) => r.id} list={{ ...runs, state }} scroll rowTestId="sysdesk-run-row" />
    </section>
  );
}
