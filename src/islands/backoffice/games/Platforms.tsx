// Game platforms (/backoffice/platforms): shown in the lobby or hidden, switched on or off, under maintenance
// now or during a window (entered in Asia/Taipei time), and their order. Each row saves on its own; every
// open lobby reloads its lists as soon as a change is saved.
import { useEffect, useState } from 'react';
import { BoFailure, boApi } from '../kit/api.ts';
import { Banner, COMMON_KEYS, Guard, Switch, cls, errorText, fill, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, headerColumns, type BoColumn } from '../kit/BoTable.tsx';
import { GROUP_KEYS, labelOf } from '../kit/money.tsx';
import type { Locale } from '../../../shared/constants.ts';
import type { StaffPlatformView } from '../../../shared/schemas/backoffice/catalogue.ts';
import { FRONT_SHOW, MAINTAIN_STATUS, PLATFORM_STATUS } from '../../../shared/statuses.ts';
import { taipeiInputValue } from '../../../shared/time.ts';

export const PLATFORMS_KEYS = [
  ...COMMON_KEYS,
  ...GROUP_KEYS,
  'bo.pf.hint',
  'bo.pf.notify_players',
  'bo.pf.sort',
  'bo.pf.platform',
  'bo.pf.group',
  'bo.pf.front_show',
  'bo.pf.status',
  'bo.pf.maintain_now',
  'bo.pf.window',
  'bo.pf.window_start',
  'bo.pf.window_end',
  'bo.pf.clear_window',
  'bo.pf.state',
  'bo.pf.state.live',
  'bo.pf.state.maintenance',
  'bo.pf.state.window',
  'bo.pf.state.hidden',
  'bo.pf.state.off',
  'bo.pf.saved',
  'bo.pf.unsaved',
  'bo.save',
  'bo.saving',
  'bo.v.window_both',
  'bo.v.window_order',
  'bo.v.sort',
  'bo.pf.taipei',
  'bo.pf.from',
  'bo.pf.to',
] as const;
type K = (typeof PLATFORMS_KEYS)[number];
type T = IslandProps<K>['t'];

type Platform = StaffPlatformView;

interface Draft {
  front_show: number;
  status: number;
  maintain_status: number;
  start: string;
  end: string;
  sort: string;
}

/** The switch columns are narrow; their headings may take two lines. */
const NARROW = 'block w-14 min-w-min whitespace-normal';

/** An instant as the value of a datetime-local input showing Asia/Taipei time. */
export function toTaipeiInput(iso: string | null): string {
  return taipeiInputValue(iso);
}

/** A datetime-local value read as Asia/Taipei time, sent with its offset. */
export function fromTaipeiInput(value: string): string | null {
  return value ? `${value.length === 16 ? `${value}:00` : value}+08:00` : null;
}

const draftOf = (p: Platform): Draft => ({
  front_show: p.front_show,
  status: p.status,
  maintain_status: p.maintain_status,
  start: toTaipeiInput(p.maintain_start),
  end: toTaipeiInput(p.maintain_end),
  sort: String(p.sort),
});
const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export default function Platforms({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="platforms.manage">
      {() => <Body t={t} locale={locale} />}
    </Guard>
  );
}

function Body({ t, locale }: { t: T; locale: Locale }) {
  const { data: rows, setData: setRows, error, loading, reload } = useBoData('GET /platforms');
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="max-w-[1400px]">
      <div className="mb-4 flex items-start justify-between gap-6">
        <p className="max-w-3xl text-sm text-slate-500">{t['bo.pf.hint']}</p>
        <button type="button" className={cls.btnGhost} onClick={() => void reload()} disabled={loading}>
          {t['bo.refresh']}
        </button>
      </div>
      {notice && <Banner kind="success">{notice}</Banner>}
      <section className={`${cls.card} overflow-x-auto`}>
        <BoTable
          t={t}
          rows={rows}
          state={{ loading: !rows, error, empty: rows?.length === 0, retry: reload }}
          rowKey={(p) => p.id}
          testId="bo-platforms"
          columns={[
            ...headerColumns<Platform, K>('bo.pf.sort', 'bo.pf.platform'),
            ...(['bo.pf.front_show', 'bo.pf.status', 'bo.pf.maintain_now'] as const).map((k): BoColumn<Platform, K> => ({
              key: k,
              header: k,
              headerCell: <span className={NARROW}>{t[k]}</span>,
              cell: () => null,
            })),
            {
              key: 'window',
              header: 'bo.pf.window',
              headerCell: (
                <>
                  {t['bo.pf.window']} <span className="font-normal text-slate-400">({t['bo.pf.taipei']})</span>
                </>
              ),
              cell: () => null,
            },
            ...headerColumns<Platform, K>('bo.actions'),
          ]}
          rowElement={(p) => (
            <Row
              key={p.id}
              t={t}
              locale={locale}
              platform={p}
              onSaved={(next) => {
                setRows((list) => list?.map((x) => (x.id === next.id ? next : x)) ?? null);
                setNotice(
                  fill(t['bo.pf.saved'], { name: locale === 'en' ? next.name_en : next.name, group: labelOf(t, `bo.group.${next.group}`, next.group) }),
                );
              }}
            />
          )}
        />
      </section>
    </div>
  );
}

function stateOf(p: Platform, now: number): 'off' | 'hidden' | 'maintenance' | 'window' | 'live' {
  if (p.status !== PLATFORM_STATUS.on) return 'off';
  if (p.maintain_status === MAINTAIN_STATUS.maintenance) return 'maintenance';
  if (p.maintain_start && p.maintain_end && Date.parse(p.maintain_start) <= now && now <= Date.parse(p.maintain_end)) return 'window';
  if (p.front_show !== FRONT_SHOW.shown) return 'hidden';
  return 'live';
}

const STATE_TONE = {
  live: 'bg-emerald-100 text-emerald-800',
  maintenance: 'bg-amber-100 text-amber-800',
  window: 'bg-amber-100 text-amber-800',
  hidden: 'bg-slate-200 text-slate-700',
  off: 'bg-red-100 text-red-800',
} as const;

function Row({ t, locale, platform, onSaved }: { t: T; locale: Locale; platform: Platform; onSaved: (p: Platform) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(platform));
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Also tell players (a platform message) when saving a maintenance window or maintenance now.
  const [notify, setNotify] = useState(false);
  useEffect(() => setDraft(draftOf(platform)), [platform]);
  const dirty = !same(draft, draftOf(platform));
  const set = <F extends keyof Draft>(field: F, value: Draft[F]) => setDraft((d) => ({ ...d, [field]: value }));

  const check = (): boolean => {
    const errs: Record<string, string> = {};
    if (!/^\d{1,6}$/.test(draft.sort) || Number(draft.sort) > 100_000) errs.sort = t['bo.v.sort'];
    if (!draft.start !== !draft.end) errs[draft.start ? 'maintain_end' : 'maintain_start'] = t['bo.v.window_both'];
    else if (draft.start && draft.end && draft.end <= draft.start) errs.maintain_end = t['bo.v.window_order'];
    setFields(errs);
    return Object.keys(errs).length === 0;
  };

  const save = async () => {
    setFailure(null);
    if (!check()) return;
    setSaving(true);
    try {
      const next = await boApi('PUT /platforms/:id', {
        params: { id: platform.id },
        body: {
          front_show: draft.front_show,
          status: draft.status,
          maintain_status: draft.maintain_status,
          maintain_start: fromTaipeiInput(draft.start),
          maintain_end: fromTaipeiInput(draft.end),
          sort: Number(draft.sort),
          ...(notify && (draft.maintain_status === MAINTAIN_STATUS.maintenance || (draft.start && draft.end)) ? { notify_players: true } : {}),
        },
      });
      setNotify(false);
      setFields({});
      onSaved(next);
    } catch (err) {
      if (err instanceof BoFailure) {
        const f: Record<string, string> = {};
        for (const name of ['front_show', 'status', 'maintain_status', 'maintain_start', 'maintain_end', 'sort'])
          if (err.field(name)) f[name] = err.field(name)!;
        setFields(f);
      }
      setFailure(errorText(err, t));
    }
    setSaving(false);
  };

  const state = stateOf(platform, Date.now());
  const fieldError = (name: string) =>
    fields[name] ? (
      <p className={cls.fieldError} role="alert">
        {fields[name]}
      </p>
    ) : null;
  return (
    <tr data-testid="platform-row" data-code={platform.code} data-group={platform.group} className={dirty ? 'bg-amber-50/50' : ''}>
      <td className={cls.td}>
        <input
          type="number"
          min={0}
          max={100000}
          value={draft.sort}
          onChange={(e) => set('sort', e.target.value)}
          aria-label={t['bo.pf.sort']}
          aria-invalid={!!fields.sort}
          className={`${cls.input} w-16 px-2`}
          data-testid="platform-sort"
        />
        {fieldError('sort')}
      </td>
      <td className={cls.td}>
        <div className="flex items-center gap-2">
          <img
            src={`/partners/${platform.code.toLowerCase()}.svg`}
            alt=""
            width="64"
            height="28"
            className="h-7 w-16 max-w-none shrink-0 rounded bg-slate-800 object-contain"
          />
          <div>
            <div className="whitespace-nowrap font-medium">{locale === 'en' ? platform.name_en : platform.name}</div>
            <div className="whitespace-nowrap text-xs text-slate-500">
              <span className="font-mono">{platform.code}</span> · {labelOf(t, `bo.group.${platform.group}`, platform.group)}
            </div>
            <span
              className={`mt-1 inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[state]}`}
              title={t['bo.pf.state']}
              data-testid="platform-state"
              data-state={state}
            >
              {t[`bo.pf.state.${state}`]}
            </span>
          </div>
        </div>
      </td>
      <td className={`${cls.td} pt-4`}>
        <Switch
          checked={draft.front_show === FRONT_SHOW.shown}
          onChange={(on) => set('front_show', on ? FRONT_SHOW.shown : FRONT_SHOW.hidden)}
          label={t['bo.pf.front_show']}
          testId="platform-front-show"
        />
      </td>
      <td className={`${cls.td} pt-4`}>
        <Switch
          checked={draft.status === PLATFORM_STATUS.on}
          onChange={(on) => set('status', on ? PLATFORM_STATUS.on : PLATFORM_STATUS.off)}
          label={t['bo.pf.status']}
          testId="platform-status"
        />
      </td>
      <td className={`${cls.td} pt-4`}>
        <Switch
          checked={draft.maintain_status === MAINTAIN_STATUS.maintenance}
          onChange={(on) => set('maintain_status', on ? MAINTAIN_STATUS.maintenance : MAINTAIN_STATUS.running)}
          label={t['bo.pf.maintain_now']}
          testId="platform-maintain"
        />
      </td>
      <td className={cls.td}>
        <div className="flex items-center gap-2">
          <div className="grid grid-cols-[auto_auto] items-center gap-x-2 gap-y-1.5">
            <span className="text-xs text-slate-500">{t['bo.pf.from']}</span>
            <input
              type="datetime-local"
              value={draft.start}
              onChange={(e) => set('start', e.target.value)}
              aria-label={t['bo.pf.window_start']}
              aria-invalid={!!fields.maintain_start}
              className={`${cls.input} h-8 w-52 px-2`}
              data-testid="platform-start"
            />
            <span className="text-xs text-slate-500">{t['bo.pf.to']}</span>
            <input
              type="datetime-local"
              value={draft.end}
              onChange={(e) => set('end', e.target.value)}
              aria-label={t['bo.pf.window_end']}
              aria-invalid={!!fields.maintain_end}
              className={`${cls.input} h-8 w-52 px-2`}
              data-testid="platform-end"
            />
          </div>
          {(draft.start || draft.end) && (
            <button
              type="button"
              className="px-1 text-lg leading-none text-slate-400 hover:text-red-600"
              title={t['bo.pf.clear_window']}
              aria-label={t['bo.pf.clear_window']}
              onClick={() => setDraft((d) => ({ ...d, start: '', end: '' }))}
              data-testid="platform-clear"
            >
              ×
            </button>
          )}
        </div>
        {fieldError('maintain_start')}
        {fieldError('maintain_end')}
        {(draft.maintain_status === MAINTAIN_STATUS.maintenance || (draft.start && draft.end)) && dirty && (
          <label className="mt-1.5 flex items-center gap-1.5 text-xs text-slate-600">
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} data-testid="platform-notify" />
            {t['bo.pf.notify_players']}
          </label>
        )}
      </td>
      <td className={`${cls.td} pt-3.5`}>
        <button type="button" className={cls.btnSmall} disabled={!dirty || saving} onClick={() => void save()} data-testid="platform-save">
          {saving ? t['bo.saving'] : t['bo.save']}
        </button>
        {dirty && !saving && <div className="mt-1 whitespace-nowrap text-xs text-amber-700">{t['bo.pf.unsaved']}</div>}
        {failure && (
          <p className="mt-1 max-w-40 text-xs text-red-700" role="alert">
            {failure}
          </p>
        )}
      </td>
    </tr>
  );
}
