// The risk desk: rule hits and decisions per Taipei day, the report of linked groups, and (with
// 'risk.settings') the rules, weights and thresholds, saved with a reason that goes into the audit log.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $boStaff, hasPermission } from '../../../stores/backoffice.ts';
import { boApi, boPath } from '../kit/api.ts';
import { COMMON_KEYS, Guard, ListState, cls, fill, formatTime, type CommonT, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import { Field, NoticeBanner, SubmitButton, fieldError, useBoAction } from '../kit/form.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { taipeiDate } from '../../../shared/time.ts';
import { DAY_MS } from '../../../shared/time.ts';
import { RISK_RULES, SIGNAL_KINDS, type RiskSettings } from '../../../shared/schemas/risk/settings.ts';
import { RISK_WORD_KEYS, ruleName, signalName } from './words.ts';

export const RISK_DESK_KEYS = [
  ...COMMON_KEYS,
  ...RISK_WORD_KEYS,
  'bo.risk.tab.hits',
  'bo.risk.tab.groups',
  'bo.risk.tab.settings',
  'bo.risk.from',
  'bo.risk.to',
  'bo.risk.apply',
  'bo.risk.day',
  'bo.risk.decisions',
  'bo.risk.held',
  'bo.risk.auto',
  'bo.risk.group',
  'bo.risk.size',
  'bo.risk.members',
  'bo.risk.max_score',
  'bo.risk.confirmed_links',
  'bo.risk.updated',
  'bo.risk.no_hits',
  'bo.risk.no_groups',
  'bo.risk.s.weights',
  'bo.risk.s.link_threshold',
  'bo.risk.s.hold_score',
  'bo.risk.s.auto_approve',
  'bo.risk.s.auto_approve_ceiling',
  'bo.risk.s.enabled',
  'bo.risk.s.points',
  'bo.risk.s.window_days',
  'bo.risk.s.window_hours',
  'bo.risk.s.ratio_pct',
  'bo.risk.s.share_pct',
  'bo.risk.s.multiple',
  'bo.risk.s.count',
  'bo.risk.s.reason',
  'bo.risk.s.save',
  'bo.risk.s.updated',
  'bo.risk.s.defaults',
  'bo.risk.saved',
] as const;
type K = (typeof RISK_DESK_KEYS)[number];
type T = CommonT & Record<K, string>;
const TABS = ['hits', 'groups', 'settings'] as const;

export default function RiskDesk({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="risk.read">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('hits');
  return (
    <div className="max-w-7xl space-y-4">
      <div className="flex gap-2" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? cls.btn : cls.btnGhost}
            onClick={() => setTab(k)}
            data-testid={`risk-tab-${k}`}
          >
            {t[`bo.risk.tab.${k}`]}
          </button>
        ))}
      </div>
      {tab === 'hits' && <Hits t={t} />}
      {tab === 'groups' && <Groups t={t} locale={locale} />}
      {tab === 'settings' && <Settings t={t} locale={locale} />}
    </div>
  );
}

function Hits({ t }: { t: T }) {
  const today = taipeiDate(new Date());
  const [range, setRange] = useState({ from: taipeiDate(new Date(Date.now() - 13 * DAY_MS)), to: today });
  const [typed, setTyped] = useState(range);
  const { data, state } = useBoData('GET /risk/rule-hits', { query: range });
  const days = data?.days.filter((d) => d.decisions > 0).reverse() ?? null;
  return (
    <section className={`${cls.card} space-y-4`} data-testid="risk-hits">
      <form
        className="flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(typed);
        }}
      >
        <Field label={t['bo.risk.from']}>
          <input type="date" className={cls.input} value={typed.from} max={today} onChange={(e) => setTyped({ ...typed, from: e.target.value })} />
        </Field>
        <Field label={t['bo.risk.to']}>
          <input type="date" className={cls.input} value={typed.to} max={today} onChange={(e) => setTyped({ ...typed, to: e.target.value })} />
        </Field>
        <button type="submit" className={cls.btn}>
          {t['bo.risk.apply']}
        </button>
      </form>
      <ListState t={t} {...state} empty={days !== null && days.length === 0} emptyText={t['bo.risk.no_hits']}>
        {days && (
          <BoTable
            t={t}
            rows={days}
            state={{ loading: false, error: null }}
            rowKey={(d) => d.day}
            scroll
            columns={[
              { key: 'day', header: 'bo.risk.day', className: 'whitespace-nowrap', cell: (d) => d.day },
              { key: 'n', header: 'bo.risk.decisions', align: 'right', cell: (d) => String(d.decisions) },
              { key: 'hold', header: 'bo.risk.held', align: 'right', cell: (d) => String(d.hold) },
              { key: 'auto', header: 'bo.risk.auto', align: 'right', cell: (d) => String(d.auto_approve) },
              ...RISK_RULES.map((r) => ({
                key: r,
                header: `bo.risk.rule.${r}` as const,
                align: 'right' as const,
                cell: (d: { hits: Record<string, number> }) => String(d.hits[r] ?? 0),
              })),
            ]}
          />
        )}
      </ListState>
    </section>
  );
}

function Groups({ t, locale }: { t: T; locale: Locale }) {
  const list = useBoData('GET /risk/groups', { pageSize: 20 });
  return (
    <section className={cls.card} data-testid="risk-groups">
      <BoTable
        t={t}
        list={list}
        rowKey={(g) => g.group_id}
        columns={[
          { key: 'group', header: 'bo.risk.group', cell: (g) => `#${g.group_id}` },
          { key: 'size', header: 'bo.risk.size', align: 'right', cell: (g) => String(g.size) },
          {
            key: 'members',
            header: 'bo.risk.members',
            cell: (g) => (
              <span className="flex flex-wrap gap-x-2">
                {g.members.map((m) => (
                  <a key={m.player_id} className="text-brand-600 hover:underline" href={`${boPath(locale, 'player')}?id=${m.player_id}`}>
                    {m.account}
                  </a>
                ))}
              </span>
            ),
          },
          { key: 'max', header: 'bo.risk.max_score', align: 'right', cell: (g) => String(g.max_score) },
          { key: 'confirmed', header: 'bo.risk.confirmed_links', align: 'right', cell: (g) => String(g.confirmed) },
          { key: 'updated', header: 'bo.risk.updated', className: 'whitespace-nowrap', cell: (g) => formatTime(g.updated_at, locale) },
        ]}
      />
      {list.data && list.data.total === 0 && <p className="text-sm text-slate-500">{t['bo.risk.no_groups']}</p>}
    </section>
  );
}

type RuleKey = (typeof RISK_RULES)[number];
const PARAM_LABELS: Record<string, K> = {
  window_days: 'bo.risk.s.window_days',
  window_hours: 'bo.risk.s.window_hours',
  ratio_pct: 'bo.risk.s.ratio_pct',
  share_pct: 'bo.risk.s.share_pct',
  multiple: 'bo.risk.s.multiple',
  count: 'bo.risk.s.count',
};

function Settings({ t, locale }: { t: T; locale: Locale }) {
  const staff = useStore($boStaff);
  const canEdit = hasPermission(staff, 'risk.settings');
  const { data, setData, state } = useBoData('GET /risk/settings');
  const [draft, setDraft] = useState<RiskSettings | null>(null);
  const [reason, setReason] = useState('');
  const { busy, notice, failure, run } = useBoAction(t);
  const s = draft ?? data?.settings ?? null;
  if (!data || !s)
    return (
      <section className={cls.card}>
        <ListState t={t} {...state} />
      </section>
    );
  const num = (v: string) => (v === '' ? 0 : Number(v));
  const setRule = (r: RuleKey, key: string, value: number | boolean) => setDraft({ ...s, rules: { ...s.rules, [r]: { ...s.rules[r], [key]: value } } });
  const save = async () => {
    const answer = await run(() => boApi('PUT /risk/settings', { body: { settings: s, reason } }), t['bo.risk.saved'], ['reason']);
    if (answer) {
      setData(answer);
      setDraft(null);
      setReason('');
    }
  };
  const numberInput = (value: number, onChange: (n: number) => void, label: string) => (
    <input
      type="number"
      min={0}
      step={1}
      className={`${cls.input} w-28`}
      value={value}
      disabled={!canEdit}
      aria-label={label}
      onChange={(e) => onChange(num(e.target.value))}
    />
  );
  return (
    <form
      className={`${cls.card} space-y-5`}
      data-testid="risk-settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-slate-500">
        {data.updated_at ? fill(t['bo.risk.s.updated'], { at: formatTime(data.updated_at, locale) }) : t['bo.risk.s.defaults']}
      </p>
      <NoticeBanner notice={notice} />
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-700">{t['bo.risk.s.weights']}</legend>
        <div className="flex flex-wrap gap-4">
          {SIGNAL_KINDS.map((k) => (
            <label key={k} className="text-sm">
              <span className={cls.label}>{signalName(t, k)}</span>
              {numberInput(s.weights[k], (n) => setDraft({ ...s, weights: { ...s.weights, [k]: n } }), signalName(t, k))}
            </label>
          ))}
        </div>
        <label className="block text-sm">
          <span className={cls.label}>{t['bo.risk.s.link_threshold']}</span>
          {numberInput(s.link_threshold, (n) => setDraft({ ...s, link_threshold: n }), t['bo.risk.s.link_threshold'])}
        </label>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-700">{t['bo.risk.tab.settings']}</legend>
        {RISK_RULES.map((r) => {
          const rule = s.rules[r] as Record<string, number | boolean>;
          return (
            <div key={r} className="flex flex-wrap items-end gap-4 border-b border-slate-100 pb-2" data-testid={`risk-rule-${r}`}>
              <label className="flex w-72 items-center gap-2 text-sm font-medium">
                <input type="checkbox" checked={rule.enabled === true} disabled={!canEdit} onChange={(e) => setRule(r, 'enabled', e.target.checked)} />
                {ruleName(t, r)}
              </label>
              <label className="text-sm">
                <span className={cls.label}>{t['bo.risk.s.points']}</span>
                {numberInput(Number(rule.points), (n) => setRule(r, 'points', n), `${ruleName(t, r)} ${t['bo.risk.s.points']}`)}
              </label>
              {Object.keys(rule)
                .filter((k) => PARAM_LABELS[k])
                .map((k) => (
                  <label key={k} className="text-sm">
                    <span className={cls.label}>{t[PARAM_LABELS[k]!]}</span>
                    {numberInput(Number(rule[k]), (n) => setRule(r, k, n), `${ruleName(t, r)} ${t[PARAM_LABELS[k]!]}`)}
                  </label>
                ))}
            </div>
          );
        })}
      </fieldset>
      <fieldset className="flex flex-wrap items-end gap-6">
        <label className="text-sm">
          <span className={cls.label}>{t['bo.risk.s.hold_score']}</span>
          {numberInput(s.hold_score, (n) => setDraft({ ...s, hold_score: n }), t['bo.risk.s.hold_score'])}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={s.auto_approve} disabled={!canEdit} onChange={(e) => setDraft({ ...s, auto_approve: e.target.checked })} />
          {t['bo.risk.s.auto_approve']}
        </label>
        <label className="text-sm">
          <span className={cls.label}>{t['bo.risk.s.auto_approve_ceiling']}</span>
          {numberInput(s.auto_approve_ceiling, (n) => setDraft({ ...s, auto_approve_ceiling: n }), t['bo.risk.s.auto_approve_ceiling'])}
        </label>
      </fieldset>
      {canEdit && (
        <div className="flex items-end gap-3">
          <Field label={t['bo.risk.s.reason']} error={fieldError(failure, 'reason')} className="block w-96">
            <input
              className={`${cls.input} w-full`}
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
              data-testid="risk-settings-reason"
            />
          </Field>
          <SubmitButton busy={busy} disabled={!draft} testId="risk-settings-save">
            {t['bo.risk.s.save']}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
