// The local stand-in provider's fault switches, one row per platform: maintenance, latency, error and
// timeout rates, duplicate deliveries and how long a timeout hangs. A real provider has none of these, so
// the page says so plainly when the configured provider is not the local stand-in.
import { useCallback, useEffect, useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, ConfirmDialog, Guard, ListState, StatusPill, cls, errorText, fill, type IslandProps } from '../kit/common.tsx';
import { Money } from '../kit/money.tsx';
import type { FaultsView, ProviderFaultsRowView } from '../../../shared/schemas/backoffice/operations.ts';
import type { Notice } from '../kit/form.tsx';

export const FAULTS_KEYS = [
  ...COMMON_KEYS,
  'bo.faults.hint',
  'bo.faults.test_tool',
  'bo.faults.not_local_title',
  'bo.faults.platform',
  'bo.faults.maintenance',
  'bo.faults.latencyMs',
  'bo.faults.errorRate',
  'bo.faults.timeoutBeforeApplyRate',
  'bo.faults.timeoutAfterApplyRate',
  'bo.faults.duplicateDeliveryRate',
  'bo.faults.hangMs',
  'bo.faults.total',
  'bo.faults.save',
  'bo.faults.reset',
  'bo.faults.reset_confirm',
  'bo.faults.saved',
  'bo.faults.reset_done',
  'bo.faults.active',
  'bo.faults.normal',
  'bo.saving',
] as const;
type K = (typeof FAULTS_KEYS)[number];
type T = IslandProps<K>['t'];

const NUMBER_KEYS = ['latencyMs', 'errorRate', 'timeoutBeforeApplyRate', 'timeoutAfterApplyRate', 'duplicateDeliveryRate', 'hangMs'] as const;
type NumberKey = (typeof NUMBER_KEYS)[number];
type Faults = FaultsView;
type Row = ProviderFaultsRowView;
/** What the inputs hold: text while typing, checked against the ranges before saving. */
type Draft = Record<NumberKey, string> & { maintenance: boolean };

/** Inputs sit in every cell, so the row's cells line up on their middles rather than their tops. */
const td = cls.td.replace('align-top', 'align-middle');

const RANGE: Record<NumberKey, { max: number; step: string; whole: boolean }> = {
  latencyMs: { max: 30_000, step: '100', whole: true },
  hangMs: { max: 600_000, step: '1000', whole: true },
  errorRate: { max: 1, step: '0.05', whole: false },
  timeoutBeforeApplyRate: { max: 1, step: '0.05', whole: false },
  timeoutAfterApplyRate: { max: 1, step: '0.05', whole: false },
  duplicateDeliveryRate: { max: 1, step: '0.05', whole: false },
};

const toDraft = (f: Faults): Draft => ({
  ...(Object.fromEntries(NUMBER_KEYS.map((k) => [k, String(f[k])])) as Record<NumberKey, string>),
  maintenance: f.maintenance,
});
const isFaulty = (f: Faults) =>
  f.maintenance || f.errorRate > 0 || f.timeoutAfterApplyRate > 0 || f.timeoutBeforeApplyRate > 0 || f.duplicateDeliveryRate > 0 || f.latencyMs > 0;

function valid(key: NumberKey, text: string): boolean {
  const { max, whole } = RANGE[key];
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return false;
  const n = Number(text);
  return n >= 0 && n <= max && (!whole || Number.isInteger(n));
}

export default function ProviderFaults({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="provider_faults.manage">
      {() => <Body t={t} />}
    </Guard>
  );
}

function Body({ t }: { t: T }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [notLocal, setNotLocal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const apply = (list: Row[]) => {
    setRows(list);
    setDrafts(Object.fromEntries(list.map((r) => [r.code, toDraft(r.faults)])));
  };
  const load = useCallback(async () => {
    setError(null);
    try {
      apply((await boApi('GET /provider-faults')).platforms);
    } catch (err) {
      if (err instanceof BoFailure && err.status === 404) setNotLocal(errorText(err, t));
      else setError(errorText(err, t));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (row: Row) => {
    const draft = drafts[row.code]!;
    const patch: Partial<Faults> = {};
    for (const k of NUMBER_KEYS) if (Number(draft[k]) !== row.faults[k]) patch[k] = Number(draft[k]);
    if (draft.maintenance !== row.faults.maintenance) patch.maintenance = draft.maintenance;
    setBusy(row.code);
    setNotice(null);
    try {
      const res = await boApi('PUT /provider-faults/:code', { params: { code: row.code }, body: patch });
      const next = rows!.map((r) => (r.code === row.code ? { ...r, faults: res.faults } : r));
      setRows(next);
      setDrafts({ ...drafts, [row.code]: toDraft(res.faults) });
      setNotice({ kind: 'success', text: fill(t['bo.faults.saved'], { code: row.code }) });
    } catch (err) {
      setNotice({ kind: 'error', text: `${row.code}: ${errorText(err, t)}` });
    }
    setBusy(null);
  };

  const reset = async () => {
    setConfirming(false);
    setBusy('*');
    setNotice(null);
    try {
      apply((await boApi('DELETE /provider-faults')).platforms);
      setNotice({ kind: 'success', text: t['bo.faults.reset_done'] });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(null);
  };

  if (notLocal) {
    return (
      <div className="max-w-3xl" data-testid="faults-not-local">
        <Banner kind="info">
          <strong className="mr-2">{t['bo.faults.not_local_title']}</strong>
          {notLocal}
        </Banner>
      </div>
    );
  }
  if (!rows)
    return (
      <div className="max-w-3xl">
        <ListState t={t} loading error={error} retry={load} />
      </div>
    );

  return (
    <div className="max-w-7xl">
      <div className="mb-4 flex items-start justify-between gap-6">
        <div className="max-w-3xl space-y-2">
          <Banner kind="info">
            <span data-testid="faults-test-tool">{t['bo.faults.test_tool']}</span>
          </Banner>
          <p className="text-sm text-slate-500">{t['bo.faults.hint']}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className={cls.btnGhost} onClick={() => void load()} disabled={busy !== null}>
            {t['bo.refresh']}
          </button>
          <button type="button" className={cls.btn} onClick={() => setConfirming(true)} disabled={busy !== null} data-testid="faults-reset">
            {t['bo.faults.reset']}
          </button>
        </div>
      </div>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <section className={`${cls.card} overflow-x-auto`}>
        <table className={cls.table} data-testid="bo-faults">
          <thead>
            <tr>
              <th className={cls.th}>{t['bo.faults.platform']}</th>
              <th className={cls.th}>{t['bo.faults.maintenance']}</th>
              {NUMBER_KEYS.map((k) => (
                <th key={k} className={cls.th}>
                  {t[`bo.faults.${k}`]}
                </th>
              ))}
              <th className={`${cls.th} text-right`}>{t['bo.faults.total']}</th>
              <th className={cls.th}>{t['bo.actions']}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const draft = drafts[row.code] ?? toDraft(row.faults);
              const bad = NUMBER_KEYS.filter((k) => !valid(k, draft[k]));
              const dirty = draft.maintenance !== row.faults.maintenance || NUMBER_KEYS.some((k) => draft[k].trim() !== String(row.faults[k]));
              const set = (patch: Partial<Draft>) => setDrafts({ ...drafts, [row.code]: { ...draft, ...patch } });
              return (
                <tr key={row.code} data-platform={row.code} className={isFaulty(row.faults) ? 'bg-amber-50' : ''}>
                  <td className={td}>
                    <div className="font-mono font-semibold">{row.code}</div>
                    {isFaulty(row.faults) ? (
                      <span className="inline-flex whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                        {t['bo.faults.active']}
                      </span>
                    ) : (
                      <StatusPill on onText={t['bo.faults.normal']} offText={t['bo.faults.normal']} />
                    )}
                  </td>
                  <td className={`${td} text-center`}>
                    <input
                      type="checkbox"
                      checked={draft.maintenance}
                      aria-label={`${row.code} ${t['bo.faults.maintenance']}`}
                      onChange={(e) => set({ maintenance: e.target.checked })}
                      data-field="maintenance"
                    />
                  </td>
                  {NUMBER_KEYS.map((k) => (
                    <td key={k} className={td}>
                      <input
                        type="number"
                        min={0}
                        max={RANGE[k].max}
                        step={RANGE[k].step}
                        value={draft[k]}
                        data-field={k}
                        aria-label={`${row.code} ${t[`bo.faults.${k}`]}`}
                        aria-invalid={bad.includes(k)}
                        onChange={(e) => set({ [k]: e.target.value } as Partial<Draft>)}
                        className={`${cls.input} w-24 text-right font-mono`}
                      />
                    </td>
                  ))}
                  <td className={`${td} text-right`}>{row.provider_total === null ? '—' : <Money value={row.provider_total} />}</td>
                  <td className={td}>
                    <button
                      type="button"
                      className={cls.btnSmall}
                      disabled={!dirty || bad.length > 0 || busy !== null}
                      onClick={() => void save(row)}
                      data-testid="faults-save"
                    >
                      {busy === row.code ? t['bo.saving'] : t['bo.faults.save']}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <ConfirmDialog
        t={t}
        open={confirming}
        message={t['bo.faults.reset_confirm']}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
        busy={busy !== null}
      />
    </div>
  );
}
