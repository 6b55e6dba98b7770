// The promotion list and editor: every field of a promotion in both languages, and a live preview of the
// player's card and detail page in either language while the operator types.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { boApi, BoFailure } from '../kit/api.ts';
import { Banner, ConfirmDialog, ListState, StatusPill, cls, errorText, fill, formatTime } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable } from '../kit/BoTable.tsx';
import type { Locale } from '../../../shared/constants.ts';
import { GAME_GROUPS } from '../../../shared/constants.ts';
import {
  CLAIM_MODES,
  ENGINE_MODES,
  FLOW_BASES,
  LIMIT_PERIODS,
  MODE_NAMES,
  PROMOTION_LIMITS,
  REWARD_KINDS,
  UNIQUE_KEYS,
  type CategoryAdmin,
  type PromotionAdmin,
  type PromotionInput,
  type Tier,
} from '../../../shared/schemas/promotions.ts';
import { BO_PROMO_PAGE_SIZE, fromTaipeiInput, toTaipeiInput } from './paths.ts';
import type { DeskT } from './keys.ts';
import { formatDecimal, formatDecimalOr } from '../../../shared/money.ts';
import { groupName } from '../kit/codes.ts';

export function modeName(mode: number, locale: Locale): string {
  const n = MODE_NAMES[mode as keyof typeof MODE_NAMES];
  return n ? (locale === 'en' ? n.en : n.zh) : String(mode);
}

// ---- list ----

export function PromotionList({
  t,
  locale,
  canManage,
  onEdit,
  onReport,
}: {
  t: DeskT;
  locale: Locale;
  canManage: boolean;
  onEdit: (id: number | 'new') => void;
  onReport: (id: number) => void;
}) {
  const [mode, setMode] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const { page, data: result, go, state } = useBoData('GET /promotions', { query: { mode, status, search: applied }, pageSize: BO_PROMO_PAGE_SIZE });
  return (
    <div className={cls.card}>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label>
          <span className={cls.label}>{t['bo.promo.col.mode']}</span>
          <select className={cls.input} value={mode} onChange={(e) => setMode(e.target.value)} data-testid="bo-promo-filter-mode">
            <option value="">{t['bo.promo.all']}</option>
            {ENGINE_MODES.map((m) => (
              <option key={m} value={m}>
                {modeName(m, locale)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className={cls.label}>{t['bo.promo.col.status']}</span>
          <select className={cls.input} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t['bo.promo.all']}</option>
            <option value="on">{t['bo.promo.on']}</option>
            <option value="off">{t['bo.promo.off']}</option>
          </select>
        </label>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(search.trim());
          }}
        >
          <label>
            <span className={cls.label}>{t['bo.promo.search']}</span>
            <input className={cls.input} value={search} maxLength={50} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <button type="submit" className={cls.btnGhost}>
            {t['bo.search']}
          </button>
        </form>
        {canManage && (
          <button type="button" className={`${cls.btn} ml-auto`} onClick={() => onEdit('new')} data-testid="bo-promo-new">
            {t['bo.promo.new']}
          </button>
        )}
      </div>
      <BoTable
        t={t}
        list={{ data: result, state, page, go, pageSize: BO_PROMO_PAGE_SIZE }}
        rowKey={(p) => p.id}
        rowTestId="bo-promo-row"
        columns={[
          { key: 'id', header: 'bo.promo.col.id', cell: (p) => p.id },
          {
            key: 'title',
            header: 'bo.promo.col.title',
            cell: (p) => (
              <>
                <div className="font-medium">{p.title}</div>
                <div className="text-xs text-slate-500">{p.title_en}</div>
              </>
            ),
          },
          { key: 'mode', header: 'bo.promo.col.mode', cell: (p) => modeName(p.mode, locale) },
          {
            key: 'status',
            header: 'bo.promo.col.status',
            cell: (p) => <StatusPill on={p.status === 'on'} onText={t['bo.promo.on']} offText={t['bo.promo.off']} />,
          },
          {
            key: 'claim',
            header: 'bo.promo.col.claim',
            className: 'whitespace-nowrap text-xs',
            cell: (p) => (
              <>
                {formatTime(p.claim_start, locale)}
                <br />
                {formatTime(p.claim_end, locale)}
              </>
            ),
          },
          {
            key: 'spent',
            header: 'bo.promo.col.spent',
            className: 'tabular-nums',
            cell: (p) => `${formatDecimal(p.spent)} / ${formatDecimalOr(p.budget, '∞')}`,
          },
          {
            key: 'actions',
            header: 'bo.actions',
            className: 'space-x-2 whitespace-nowrap',
            cell: (p) => (
              <>
                {canManage && (
                  <button type="button" className={cls.btnSmall} onClick={() => onEdit(p.id)} data-testid="bo-promo-edit">
                    {t['bo.promo.edit']}
                  </button>
                )}
                <button type="button" className={cls.btnSmall} onClick={() => onReport(p.id)}>
                  {t['bo.promo.report']}
                </button>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

// ---- editor ----

/** The form keeps numbers as text while the operator types; they become numbers when saved. */
type Form = Omit<
  PromotionInput,
  | 'sort'
  | 'min_register_days'
  | 'max_register_days'
  | 'deposit_window_days'
  | 'min_deposit_count'
  | 'max_per_referrer'
  | 'limit_count'
  | 'flow_multiple'
  | 'budget'
  | 'auto_approve_max'
  | 'show_start'
  | 'show_end'
  | 'claim_start'
  | 'claim_end'
> & {
  sort: string;
  min_register_days: string;
  max_register_days: string;
  deposit_window_days: string;
  min_deposit_count: string;
  max_per_referrer: string;
  limit_count: string;
  flow_multiple: string;
  budget: string;
  auto_approve_max: string;
  show_start: string;
  show_end: string;
  claim_start: string;
  claim_end: string;
  banner: string | null;
};

const EMPTY: Form = {
  mode: 1,
  front_id: null,
  title: '',
  title_en: '',
  summary: '',
  summary_en: '',
  content: '',
  content_en: '',
  banner_id: null,
  banner: null,
  status: 'off',
  sort: '0',
  limited_time: false,
  show_start: '',
  show_end: '',
  claim_start: '',
  claim_end: '',
  levels: [],
  min_register_days: '0',
  max_register_days: '0',
  deposit_window_days: '0',
  min_deposit_count: '0',
  min_deposit_total: '0',
  reward_kind: 'fixed',
  fixed_amount: '0',
  percent: '0',
  tiers: [],
  min_amount: '0',
  max_grant: '0',
  game_groups: [],
  use_vip_rate: false,
  referrer_amount: '0',
  friend_amount: '0',
  friend_min_deposit: '0',
  friend_min_valid_bet: '0',
  max_per_referrer: '0',
  budget: '',
  limit_period: 'ever',
  limit_count: '1',
  flow_multiple: '1',
  flow_base: 'bonus',
  is_sports: false,
  give_up_wallet_amount: '0',
  claim_mode: 'apply',
  auto_approve_max: '',
  not_combinable: false,
  unique_by: [],
};

function fromAdmin(p: PromotionAdmin): Form {
  const s = (n: number) => String(n);
  return {
    ...EMPTY,
    ...p,
    mode: p.mode as Form['mode'],
    sort: s(p.sort),
    min_register_days: s(p.min_register_days),
    max_register_days: s(p.max_register_days),
    deposit_window_days: s(p.deposit_window_days),
    min_deposit_count: s(p.min_deposit_count),
    max_per_referrer: s(p.max_per_referrer),
    limit_count: s(p.limit_count),
    flow_multiple: s(p.flow_multiple),
    budget: p.budget ?? '',
    auto_approve_max: p.auto_approve_max ?? '',
    show_start: toTaipeiInput(p.show_start),
    show_end: toTaipeiInput(p.show_end),
    claim_start: toTaipeiInput(p.claim_start),
    claim_end: toTaipeiInput(p.claim_end),
    game_groups: p.game_groups.filter((g): g is (typeof GAME_GROUPS)[number] => (GAME_GROUPS as readonly string[]).includes(g)),
  };
}

function toBody(f: Form): PromotionInput {
  const n = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : -1);
  const { banner: _banner, ...rest } = f;
  return {
    ...rest,
    sort: n(f.sort),
    min_register_days: n(f.min_register_days),
    max_register_days: n(f.max_register_days),
    deposit_window_days: n(f.deposit_window_days),
    min_deposit_count: n(f.min_deposit_count),
    max_per_referrer: n(f.max_per_referrer),
    limit_count: n(f.limit_count),
    flow_multiple: n(f.flow_multiple),
    budget: f.budget.trim() || null,
    auto_approve_max: f.auto_approve_max.trim() || null,
    show_start: fromTaipeiInput(f.show_start),
    show_end: fromTaipeiInput(f.show_end),
    claim_start: fromTaipeiInput(f.claim_start),
    claim_end: fromTaipeiInput(f.claim_end),
  };
}

const TIERED_MODES: readonly number[] = [4, 7];

export function PromotionEditor({ t, locale, id, onDone }: { t: DeskT; locale: Locale; id: number | 'new'; onDone: () => void }) {
  const [form, setForm] = useState<Form | null>(id === 'new' ? EMPTY : null);
  const [categories, setCategories] = useState<CategoryAdmin[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [highPercent, setHighPercent] = useState<number | null>(null);

  useEffect(() => {
    boApi('GET /promotion-categories')
      .then(setCategories)
      .catch(() => setCategories([]));
    if (id !== 'new')
      boApi('GET /promotions/:id', { params: { id } })
        .then((p) => setForm(fromAdmin(p)))
        .catch(setLoadError);
  }, [id, attempt]);

  if (!form || loadError) {
    return (
      <ListState
        t={t}
        loading={!form}
        error={loadError}
        retry={() => {
          setLoadError(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm({ ...form, [key]: value });
    setSaved(false);
  };
  const toggle = <V,>(list: readonly V[], v: V) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const save = async () => {
    setBusy(true);
    setError('');
    setFieldErrors({});
    setSaved(false);
    try {
      const body = toBody(form);
      const res = id === 'new' ? await boApi('POST /promotions', { body }) : await boApi('PUT /promotions/:id', { params: { id }, body });
      setForm(fromAdmin(res));
      setSaved(true);
      if (id === 'new') onDone();
    } catch (err) {
      if (err instanceof BoFailure && err.body?.error) {
        const fields = Object.fromEntries(
          Object.entries(err.body.error)
            .filter(([k]) => k !== 'modal' && k !== '_root')
            .map(([k, v]) => [k, (v ?? []).join(' ')]),
        );
        setFieldErrors(fields);
      }
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  /** A percentage far above the usual is most often a typo (500 for 50): the operator confirms it in the site's dialog. */
  const requestSave = () => {
    const percents = [...(form.reward_kind === 'fixed' ? [] : [form.percent]), ...form.tiers.map((x) => x.percent)].map(Number).filter(Number.isFinite);
    const top = Math.max(0, ...percents);
    if (top > PROMOTION_LIMITS.percentWarnAbove) setHighPercent(top);
    else void save();
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const data = new FormData();
      data.append('file', file);
      const res = await boApi('POST /uploads/images', { body: data });
      const first = res.files[0];
      if (first) setForm({ ...form, banner_id: first.id, banner: first.url });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setUploading(false);
    }
  };

  const field = (key: keyof Form & string, label: string, input: ReactNode, hint?: string) => (
    <label className="block" key={key}>
      <span className={cls.label}>{label}</span>
      {input}
      {hint && <span className="mt-0.5 block text-xs text-slate-500">{hint}</span>}
      {fieldErrors[key] && (
        <span className={cls.fieldError} role="alert">
          {fieldErrors[key]}
        </span>
      )}
    </label>
  );
  const text = (key: keyof Form & string, label: string, opts: { max?: number; hint?: string; inputMode?: 'decimal' | 'numeric' } = {}) =>
    field(
      key,
      label,
      <input
        className={`${cls.input} w-full`}
        value={String(form[key] ?? '')}
        maxLength={opts.max ?? 20}
        inputMode={opts.inputMode}
        aria-invalid={!!fieldErrors[key]}
        onChange={(e) => set(key, e.target.value as never)}
        data-testid={`bo-promo-f-${key}`}
      />,
      opts.hint,
    );
  const money = (key: keyof Form & string, label: string, hint?: string) => text(key, label, { max: 15, inputMode: 'decimal', hint });
  const int = (key: keyof Form & string, label: string) => text(key, label, { max: 9, inputMode: 'numeric' });
  const check = (key: 'limited_time' | 'use_vip_rate' | 'is_sports' | 'not_combinable', label: string) => (
    <label className="flex items-center gap-2 text-sm" key={key}>
      <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} data-testid={`bo-promo-f-${key}`} />
      {label}
    </label>
  );
  const select = <V extends string | number>(key: keyof Form & string, label: string, options: readonly V[], name: (v: V) => string) =>
    field(
      key,
      label,
      <select
        className={`${cls.input} w-full`}
        value={String(form[key])}
        data-testid={`bo-promo-f-${key}`}
        onChange={(e) => set(key, (typeof options[0] === 'number' ? Number(e.target.value) : e.target.value) as never)}
      >
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {name(o)}
          </option>
        ))}
      </select>,
    );
  const time = (key: 'show_start' | 'show_end' | 'claim_start' | 'claim_end', label: string) =>
    field(
      key,
      label,
      <input
        type="datetime-local"
        className={`${cls.input} w-full`}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`bo-promo-f-${key}`}
      />,
    );
  const section = (title: string, children: ReactNode) => (
    <fieldset className="rounded border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-brand-800">{title}</legend>
      <div className="grid grid-cols-2 gap-3">{children}</div>
    </fieldset>
  );
  const setTier = (i: number, patch: Partial<Tier>) =>
    set(
      'tiers',
      form.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)),
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_380px] items-start gap-5" data-testid="bo-promo-editor">
      <ConfirmDialog
        t={t}
        open={highPercent !== null}
        busy={busy}
        message={fill(t['bo.promo.warn_percent'], { percent: String(highPercent ?? ''), limit: PROMOTION_LIMITS.percentWarnAbove })}
        onCancel={() => setHighPercent(null)}
        onConfirm={() => {
          setHighPercent(null);
          void save();
        }}
      />
      <form
        className={`${cls.card} space-y-4`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          requestSave();
        }}
      >
        <button type="button" className={cls.btnGhost} onClick={onDone}>
          ‹ {t['bo.promo.back']}
        </button>
        {error && (
          <Banner kind="error" testId="bo-promo-error">
            {error}
          </Banner>
        )}
        {saved && (
          <Banner kind="success" testId="bo-promo-saved">
            {t['bo.promo.saved']}
          </Banner>
        )}
        {section(
          t['bo.promo.sec.content'],
          <>
            {select('mode', t['bo.promo.f.mode'], ENGINE_MODES, (m) => modeName(m, locale))}
            {field(
              'front_id',
              t['bo.promo.f.front'],
              <select
                className={`${cls.input} w-full`}
                value={form.front_id ?? ''}
                onChange={(e) => set('front_id', e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t['bo.promo.none']}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {locale === 'en' ? c.title_en : c.title}
                  </option>
                ))}
              </select>,
            )}
            {text('title', t['bo.promo.f.title'], { max: PROMOTION_LIMITS.titleMax })}
            {text('title_en', t['bo.promo.f.title_en'], { max: PROMOTION_LIMITS.titleMax })}
            {(['summary', 'summary_en'] as const).map((k) =>
              field(
                k,
                t[`bo.promo.f.${k}`],
                <textarea
                  className={cls.textarea}
                  rows={3}
                  maxLength={PROMOTION_LIMITS.summaryMax}
                  value={form[k]}
                  onChange={(e) => set(k, e.target.value)}
                  data-testid={`bo-promo-f-${k}`}
                />,
              ),
            )}
            {(['content', 'content_en'] as const).map((k) =>
              field(
                k,
                t[`bo.promo.f.${k}`],
                <textarea
                  className={`${cls.textarea} font-mono text-xs`}
                  rows={8}
                  maxLength={PROMOTION_LIMITS.contentMaxChars}
                  value={form[k]}
                  onChange={(e) => set(k, e.target.value)}
                  data-testid={`bo-promo-f-${k}`}
                />,
                t['bo.promo.f.content_hint'],
              ),
            )}
            {field(
              'banner_id',
              t['bo.promo.f.banner'],
              <div className="flex items-center gap-3">
                {form.banner && <img src={form.banner} alt="" className="h-12 w-32 rounded object-cover" />}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  className="text-sm"
                  disabled={uploading}
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (f) void upload(f);
                    e.target.value = '';
                  }}
                  aria-label={t['bo.promo.f.banner_upload']}
                />
                {form.banner_id !== null && (
                  <button type="button" className={cls.btnSmall} onClick={() => setForm({ ...form, banner_id: null, banner: null })}>
                    {t['bo.promo.f.banner_remove']}
                  </button>
                )}
              </div>,
            )}
          </>,
        )}
        {section(
          t['bo.promo.sec.display'],
          <>
            {select('status', t['bo.promo.f.status'], ['on', 'off'] as const, (s) => t[`bo.promo.${s}`])}
            {int('sort', t['bo.promo.f.sort'])}
            {time('show_start', t['bo.promo.f.show_start'])}
            {time('show_end', t['bo.promo.f.show_end'])}
            {time('claim_start', t['bo.promo.f.claim_start'])}
            {time('claim_end', t['bo.promo.f.claim_end'])}
            <p className="col-span-2 text-xs text-slate-500">{t['bo.promo.f.time_hint']}</p>
            {check('limited_time', t['bo.promo.f.limited_time'])}
          </>,
        )}
        {section(
          t['bo.promo.sec.eligibility'],
          <>
            <div className="col-span-2">
              <span className={cls.label}>{t['bo.promo.f.levels']}</span>
              <div className="flex flex-wrap gap-3">
                {Array.from({ length: 11 }, (_, lv) => (
                  <label key={lv} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" checked={form.levels.includes(lv)} onChange={() => set('levels', toggle(form.levels, lv))} />
                    VIP {lv}
                  </label>
                ))}
              </div>
            </div>
            {int('min_register_days', t['bo.promo.f.min_register_days'])}
            {int('max_register_days', t['bo.promo.f.max_register_days'])}
            {int('deposit_window_days', t['bo.promo.f.deposit_window_days'])}
            {int('min_deposit_count', t['bo.promo.f.min_deposit_count'])}
            {money('min_deposit_total', t['bo.promo.f.min_deposit_total'])}
          </>,
        )}
        {section(
          t['bo.promo.sec.reward'],
          <>
            {select('reward_kind', t['bo.promo.f.reward_kind'], REWARD_KINDS, (k) => t[`bo.promo.kind.${k}`])}
            {form.reward_kind === 'fixed'
              ? money('fixed_amount', t['bo.promo.f.fixed_amount'])
              : text('percent', t['bo.promo.f.percent'], { max: 7, inputMode: 'decimal' })}
            {money('min_amount', t['bo.promo.f.min_amount'])}
            {money('max_grant', t['bo.promo.f.max_grant'])}
            {(TIERED_MODES.includes(form.mode) || form.tiers.length > 0) && (
              <div className="col-span-2" data-testid="bo-promo-tiers">
                <span className={cls.label}>{t['bo.promo.f.tiers']}</span>
                {form.tiers.map((tier, i) => (
                  <div key={i} className="mb-2 flex items-center gap-2">
                    {(['threshold', 'amount', 'percent'] as const).map((k) => (
                      <input
                        key={k}
                        className={`${cls.input} w-28`}
                        placeholder={t[`bo.promo.f.tier_${k}`]}
                        aria-label={t[`bo.promo.f.tier_${k}`]}
                        value={tier[k]}
                        maxLength={15}
                        inputMode="decimal"
                        onChange={(e) => setTier(i, { [k]: e.target.value })}
                      />
                    ))}
                    <button
                      type="button"
                      className={cls.btnSmall}
                      onClick={() =>
                        set(
                          'tiers',
                          form.tiers.filter((_, j) => j !== i),
                        )
                      }
                    >
                      {t['bo.promo.f.tier_remove']}
                    </button>
                  </div>
                ))}
                {fieldErrors.tiers && <span className={cls.fieldError}>{fieldErrors.tiers}</span>}
                <button
                  type="button"
                  className={cls.btnSmall}
                  disabled={form.tiers.length >= PROMOTION_LIMITS.tiersMax}
                  onClick={() => set('tiers', [...form.tiers, { threshold: '0', amount: '0', percent: '0' }])}
                >
                  {t['bo.promo.f.tier_add']}
                </button>
              </div>
            )}
          </>,
        )}
        {(form.mode === 6 || form.mode === 9) &&
          section(
            t['bo.promo.sec.mode'],
            form.mode === 6 ? (
              <>
                <div className="col-span-2">
                  <span className={cls.label}>{t['bo.promo.f.game_groups']}</span>
                  <div className="flex flex-wrap gap-3">
                    {GAME_GROUPS.map((g) => (
                      <label key={g} className="flex items-center gap-1 text-sm">
                        <input type="checkbox" checked={form.game_groups.includes(g)} onChange={() => set('game_groups', toggle(form.game_groups, g))} />
                        {groupName(t, g)}
                      </label>
                    ))}
                  </div>
                </div>
                {check('use_vip_rate', t['bo.promo.f.use_vip_rate'])}
              </>
            ) : (
              <>
                {money('referrer_amount', t['bo.promo.f.referrer_amount'])}
                {money('friend_amount', t['bo.promo.f.friend_amount'])}
                {money('friend_min_deposit', t['bo.promo.f.friend_min_deposit'])}
                {money('friend_min_valid_bet', t['bo.promo.f.friend_min_valid_bet'])}
                {int('max_per_referrer', t['bo.promo.f.max_per_referrer'])}
              </>
            ),
          )}
        {section(
          t['bo.promo.sec.limits'],
          <>
            {money('budget', t['bo.promo.f.budget'])}
            {select('limit_period', t['bo.promo.f.limit_period'], LIMIT_PERIODS, (p) => t[`bo.promo.period.${p}`])}
            {int('limit_count', t['bo.promo.f.limit_count'])}
            {int('flow_multiple', t['bo.promo.f.flow_multiple'])}
            {select('flow_base', t['bo.promo.f.flow_base'], FLOW_BASES, (b) => t[`bo.promo.base.${b}`])}
            {money('give_up_wallet_amount', t['bo.promo.f.give_up_wallet_amount'])}
            {check('is_sports', t['bo.promo.f.is_sports'])}
          </>,
        )}
        {section(
          t['bo.promo.sec.claim'],
          <>
            {select('claim_mode', t['bo.promo.f.claim_mode'], CLAIM_MODES, (c) => t[`bo.promo.claim.${c}`])}
            {money('auto_approve_max', t['bo.promo.f.auto_approve_max'])}
            <div className="col-span-2">
              <span className={cls.label}>{t['bo.promo.f.unique_by']}</span>
              <div className="flex gap-4">
                {UNIQUE_KEYS.map((k) => (
                  <label key={k} className="flex items-center gap-1 text-sm">
                    <input type="checkbox" checked={form.unique_by.includes(k)} onChange={() => set('unique_by', toggle(form.unique_by, k))} />
                    {t[`bo.promo.unique.${k}`]}
                  </label>
                ))}
              </div>
            </div>
            {check('not_combinable', t['bo.promo.f.not_combinable'])}
          </>,
        )}
        <div className="flex justify-end">
          <button type="submit" className={cls.btn} disabled={busy} data-testid="bo-promo-save">
            {t['bo.promo.save']}
          </button>
        </div>
      </form>
      <Preview t={t} locale={locale} form={form} />
    </div>
  );
}

/**
 * How the player will see it: the hall card and the detail page, in either language. The HTML is shown as it
 * will be before the server sanitizes it, inside a sandboxed frame, so nothing an operator pastes runs here.
 */
function Preview({ t, locale, form }: { t: DeskT; locale: Locale; form: Form }) {
  const [lang, setLang] = useState<Locale>(locale);
  const en = lang === 'en';
  const title = (en ? form.title_en : form.title) || '—';
  const summary = en ? form.summary_en : form.summary;
  const content = en ? form.content_en : form.content;
  const doc = useMemo(
    () =>
      `<!doctype html><meta charset="utf-8"><style>body{font:13px/1.6 system-ui,sans-serif;color:#334155;margin:8px}img{max-width:100%}table{border-collapse:collapse;width:100%}td,th{border:1px solid #e2e8f0;padding:2px 6px}</style>${content}`,
    [content],
  );
  return (
    <aside className={`${cls.card} sticky top-4 space-y-3`} data-testid="bo-promo-preview">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">{t['bo.promo.preview']}</h2>
        <div role="group" aria-label={t['bo.promo.preview_lang']} className="flex gap-1">
          {(['zh-TW', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={lang === l}
              className={lang === l ? cls.btnSmall.replace('bg-white', 'bg-brand-50') : cls.btnSmall}
              onClick={() => setLang(l)}
            >
              {l === 'en' ? 'EN' : '中文'}
            </button>
          ))}
        </div>
      </div>
      <p className="text-xs font-medium text-slate-500">{t['bo.promo.preview_card']}</p>
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <div className="relative flex aspect-[16/7] items-center justify-center bg-gradient-to-br from-brand-700 to-brand-900">
          {form.banner ? (
            <img src={form.banner} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="px-3 text-center font-bold text-gold-300">{title}</span>
          )}
          <span className="absolute left-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{modeName(form.mode, lang)}</span>
        </div>
        <div className="p-3">
          <p className="font-semibold text-brand-800" data-testid="bo-promo-preview-title">
            {title}
          </p>
          {summary && <p className="line-clamp-2 text-sm text-slate-600">{summary}</p>}
        </div>
      </div>
      <p className="text-xs font-medium text-slate-500">{t['bo.promo.preview_detail']}</p>
      <div className="rounded-lg border border-slate-200 p-3">
        <p className="text-lg font-bold text-brand-800">{title}</p>
        {summary && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
        <iframe title={t['bo.promo.preview_detail']} sandbox="" srcDoc={doc} className="mt-2 h-64 w-full rounded border border-slate-100" />
      </div>
    </aside>
  );
}
