// Identity verification's settings in the back office: the level a first withdrawal needs, each level's withdrawal
// ceiling per day and in total (empty for none), and how long documents are kept. Read by reviewers, saved by those
// with kyc.manage after a confirmation; the server audits every changed value. A ceiling below the site's minimum
// withdrawal is marked as it is typed, and the server refuses to save it.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { KYC_LEVELS } from '../../../shared/schemas/kyc/constants.ts';
import type { KycSettingsBody, KycSettingsView } from '../../../shared/schemas/kyc/backoffice.ts';
import { boApi } from '../kit/api.ts';
import { ListState, cls, fill, useConfirm, type CommonT } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { NoticeBanner, fieldError, useBoAction } from '../kit/form.tsx';
import { decimalToMinor, formatDecimal } from '../../../shared/money.ts';

export const KYC_SETTINGS_KEYS = [
  'bo.kyc.settings',
  'bo.kyc.settings.first_level',
  'bo.kyc.settings.retention',
  'bo.kyc.settings.day_max',
  'bo.kyc.settings.total_max',
  'bo.kyc.settings.none_hint',
  'bo.kyc.settings.min_hint',
  'bo.kyc.settings.below_min',
  'bo.kyc.settings.save',
  'bo.kyc.settings.confirm',
  'bo.kyc.done',
  'bo.kyc.level.0',
  'bo.kyc.level.1',
  'bo.kyc.level.2',
  'bo.kyc.level.3',
] as const;
type T = CommonT & Record<(typeof KYC_SETTINGS_KEYS)[number], string>;

interface Draft {
  first: number;
  retention: string;
  levels: Array<{ level: number; day: string; total: string }>;
}

const draftOf = (s: KycSettingsView): Draft => ({
  first: s.first_withdrawal_level,
  retention: String(s.retention_days),
  levels: s.levels.map((l) => ({ level: l.level, day: l.day_max ?? '', total: l.total_max ?? '' })),
});

export function KycSettings({ t }: { t: T }) {
  const settings = useBoData('GET /kyc/settings');
  const staff = useStore($boStaff);
  const mayEdit = hasPermission(staff, 'kyc.manage');
  const [draft, setDraft] = useState<Draft | null>(null);
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);
  const level = (l: number) => t[`bo.kyc.level.${l}` as keyof T];
  const minMinor = settings.data ? decimalToMinor(settings.data.withdraw_min) : undefined;
  /** A typed ceiling below the site's minimum withdrawal (empty means none, never below). */
  const belowMin = (text: string) => {
    const m = decimalToMinor(text.trim());
    return text.trim() !== '' && m !== undefined && minMinor !== undefined && m < minMinor;
  };
  const minText = formatDecimal(settings.data?.withdraw_min ?? '');
  const setLevel = (i: number, field: 'day' | 'total', value: string) =>
    setDraft((d) => d && { ...d, levels: d.levels.map((l, j) => (j === i ? { ...l, [field]: value } : l)) });
  const save = async () => {
    if (!draft || !(await ask(t['bo.kyc.settings.confirm']))) return;
    const body: KycSettingsBody = {
      first_withdrawal_level: draft.first as KycSettingsBody['first_withdrawal_level'],
      retention_days: Number(draft.retention),
      levels: draft.levels.map((l) => ({
        level: l.level as KycSettingsBody['first_withdrawal_level'],
        day_max: l.day.trim() || null,
        total_max: l.total.trim() || null,
      })),
    };
    const saved = await action.run(() => boApi('PUT /kyc/settings', { body }), t['bo.kyc.done'], ['levels', 'retention_days', 'first_withdrawal_level']);
    if (saved) settings.setData(saved);
  };
  return (
    <section className={cls.card} aria-labelledby="kyc-settings" data-testid="kyc-settings">
      <h2 id="kyc-settings" className="mb-3 text-base font-semibold text-brand-800">
        {t['bo.kyc.settings']}
      </h2>
      <ListState t={t} loading={!draft} error={settings.error} retry={settings.reload}>
        {draft && (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <fieldset disabled={!mayEdit || action.busy} className="space-y-4">
              <div className="flex flex-wrap gap-6">
                <label className="block text-sm">
                  {t['bo.kyc.settings.first_level']}
                  <select
                    className={`${cls.input} ml-2`}
                    value={draft.first}
                    onChange={(e) => setDraft({ ...draft, first: Number(e.target.value) })}
                    data-testid="kyc-first-level"
                  >
                    {KYC_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {level(l)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block text-sm">
                  {t['bo.kyc.settings.retention']}
                  <input
                    className={`${cls.input} ml-2 w-28`}
                    inputMode="numeric"
                    value={draft.retention}
                    onChange={(e) => setDraft({ ...draft, retention: e.target.value })}
                    aria-invalid={!!fieldError(action.failure, 'retention_days')}
                    data-testid="kyc-retention"
                  />
                </label>
              </div>
              <p className="text-xs text-slate-500">{t['bo.kyc.settings.none_hint']}</p>
              <p className="text-xs text-slate-500" data-testid="kyc-min-hint">
                {fill(t['bo.kyc.settings.min_hint'], { min: minText })}
              </p>
              <table className={cls.table}>
                <thead>
                  <tr>
                    <th className={cls.th} />
                    <th className={cls.th}>{t['bo.kyc.settings.day_max']}</th>
                    <th className={cls.th}>{t['bo.kyc.settings.total_max']}</th>
                  </tr>
                </thead>
                <tbody>
                  {draft.levels.map((l, i) => (
                    <tr key={l.level}>
                      <th scope="row" className={cls.td}>
                        {level(l.level)}
                      </th>
                      <td className={cls.td}>
                        <input
                          className={`${cls.input} w-40`}
                          inputMode="decimal"
                          value={l.day}
                          onChange={(e) => setLevel(i, 'day', e.target.value)}
                          aria-label={`${level(l.level)} ${t['bo.kyc.settings.day_max']}`}
                          aria-invalid={belowMin(l.day)}
                          data-testid={`kyc-day-${l.level}`}
                        />
                        {belowMin(l.day) && (
                          <p className={cls.fieldError} role="alert" data-testid={`kyc-day-${l.level}-below-min`}>
                            {fill(t['bo.kyc.settings.below_min'], { min: minText })}
                          </p>
                        )}
                      </td>
                      <td className={cls.td}>
                        <input
                          className={`${cls.input} w-40`}
                          inputMode="decimal"
                          value={l.total}
                          onChange={(e) => setLevel(i, 'total', e.target.value)}
                          aria-label={`${level(l.level)} ${t['bo.kyc.settings.total_max']}`}
                          aria-invalid={belowMin(l.total)}
                          data-testid={`kyc-total-${l.level}`}
                        />
                        {belowMin(l.total) && (
                          <p className={cls.fieldError} role="alert" data-testid={`kyc-total-${l.level}-below-min`}>
                            {fill(t['bo.kyc.settings.below_min'], { min: minText })}
                          </p>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {mayEdit && (
                <button type="submit" className={cls.btn} data-testid="kyc-settings-save">
                  {t['bo.kyc.settings.save']}
                </button>
              )}
            </fieldset>
            <NoticeBanner notice={action.notice} testId="kyc-settings-notice" />
          </form>
        )}
      </ListState>
      {dialog}
    </section>
  );
}
