// The seamless wallet's back office on one page with tabs: each platform's wallet model and key, the
// transaction log per player with filters and paging, a provider's rounds open past its limit (and a reconciliation
// run now), the findings with their resolutions (credit or close, confirmed first), and the provider's daily totals
// beside ours. Every code on screen is named through the catalogue; amounts are formatted by the money helpers.
import { useState, type FormEvent } from 'react';
import { boApi, boPath, type BoAnswer } from '../kit/api.ts';
import { COMMON_KEYS, Guard, cls, fill, formatTime, useConfirm, type IslandProps } from '../kit/common.tsx';
import { useBoData } from '../kit/data.ts';
import { BoTable, type BoColumn } from '../kit/BoTable.tsx';
import { Field, NoticeBanner, fieldError, useBoAction } from '../kit/form.tsx';
import { Money, labelOf } from '../kit/money.tsx';
import { GROUP_KEYS, groupName } from '../kit/codes.ts';
import { hasPermission, type BoStaff } from '../../../stores/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { taipeiDate } from '../../../shared/time.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import {
  SEAMLESS_CODE,
  SEAMLESS_FINDING_KIND,
  SEAMLESS_RESOLUTION,
  SEAMLESS_ROUND_STATUS,
  SEAMLESS_TX_KIND,
  SEAMLESS_TX_STATUS,
  statusValuesOf,
} from '../../../shared/seamless-statuses.ts';

const keysOf = <P extends string, C extends string>(prefix: P, codes: readonly C[]) => codes.map((c) => `${prefix}${c}` as `${P}${C}`);

/** Every code the page names, with its catalogue key (src/i18n/backoffice-seamless-*.ts). */
export const SEAMLESS_CODE_KEYS = [
  ...keysOf('bo.seamless.answer.', statusValuesOf(SEAMLESS_CODE)),
  ...keysOf('bo.seamless.txkind.', statusValuesOf(SEAMLESS_TX_KIND)),
  ...keysOf('bo.seamless.txstatus.', statusValuesOf(SEAMLESS_TX_STATUS)),
  ...keysOf('bo.seamless.round.', statusValuesOf(SEAMLESS_ROUND_STATUS)),
  ...keysOf('bo.seamless.finding.', statusValuesOf(SEAMLESS_FINDING_KIND)),
  ...keysOf('bo.seamless.resolution.', statusValuesOf(SEAMLESS_RESOLUTION)),
  'bo.seamless.model.seamless',
  'bo.seamless.model.transfer',
] as const;

export const SEAMLESS_KEYS = [
  ...COMMON_KEYS,
  ...GROUP_KEYS,
  ...SEAMLESS_CODE_KEYS,
  'bo.seamless.hint',
  'bo.seamless.tab.platforms',
  'bo.seamless.tab.transactions',
  'bo.seamless.tab.rounds',
  'bo.seamless.tab.findings',
  'bo.seamless.tab.daily',
  'bo.seamless.platform',
  'bo.seamless.group',
  'bo.seamless.model',
  'bo.seamless.limit',
  'bo.seamless.limit_minutes',
  'bo.seamless.key',
  'bo.seamless.key.own',
  'bo.seamless.key.shared',
  'bo.seamless.key.rotated',
  'bo.seamless.key.none',
  'bo.seamless.key.rotate',
  'bo.seamless.key.confirm',
  'bo.seamless.key.new',
  'bo.seamless.key.previous_until',
  'bo.seamless.addresses',
  'bo.seamless.addresses.any',
  'bo.seamless.save',
  'bo.seamless.saved',
  'bo.seamless.confirm_model',
  'bo.seamless.player_id',
  'bo.seamless.round_id',
  'bo.seamless.from',
  'bo.seamless.to',
  'bo.seamless.all_platforms',
  'bo.seamless.apply',
  'bo.seamless.tx_id',
  'bo.seamless.kind',
  'bo.seamless.amount',
  'bo.seamless.ref',
  'bo.seamless.status',
  'bo.seamless.answer',
  'bo.seamless.game',
  'bo.seamless.stake',
  'bo.seamless.payout',
  'bo.seamless.opened',
  'bo.seamless.reconcile',
  'bo.seamless.reconciled',
  'bo.seamless.no_platforms',
  'bo.seamless.open',
  'bo.seamless.resolved',
  'bo.seamless.ours',
  'bo.seamless.theirs',
  'bo.seamless.note',
  'bo.seamless.note_placeholder',
  'bo.seamless.credit',
  'bo.seamless.close',
  'bo.seamless.confirm_credit',
  'bo.seamless.confirm_close',
  'bo.seamless.resolved_ok',
  'bo.seamless.found',
  'bo.seamless.resolution',
  'bo.seamless.date',
  'bo.seamless.debits',
  'bo.seamless.credits',
  'bo.seamless.rounds',
  'bo.seamless.difference',
  'bo.seamless.no_report',
  'bo.seamless.side',
  'bo.seamless.round_log',
  'bo.seamless.player',
] as const;
type K = (typeof SEAMLESS_KEYS)[number];
type T = IslandProps<K>['t'];
type Tab = 'platforms' | 'transactions' | 'rounds' | 'findings' | 'daily';
type Platform = BoAnswer<'GET /seamless/platforms'>[number];
type Tx = BoAnswer<'GET /seamless/transactions'>['data'][number];
type Round = BoAnswer<'GET /seamless/:code/open-rounds'>[number];
type Finding = BoAnswer<'GET /seamless/findings'>['data'][number];

const PAGE_SIZE = 20;

/** a - b of two decimal amounts, exact (through minor units). */
function minus(a: string, b: string): string {
  return minorToDecimal((decimalToMinor(a) ?? 0n) - (decimalToMinor(b) ?? 0n));
}

export default function Seamless({ t, locale }: IslandProps<K>) {
  return (
    <Guard t={t} locale={locale} permission="reconciliation.manage">
      {(staff) => <Body t={t} locale={locale} staff={staff} />}
    </Guard>
  );
}

function Body({ t, locale, staff }: { t: T; locale: Locale; staff: BoStaff }) {
  const [tab, setTab] = useState<Tab>('platforms');
  const platforms = useBoData('GET /seamless/platforms');
  const seamless = (platforms.data ?? []).filter((p) => p.wallet_model === 'seamless');
  const tabs: Array<[Tab, K]> = [
    ['platforms', 'bo.seamless.tab.platforms'],
    ['transactions', 'bo.seamless.tab.transactions'],
    ['rounds', 'bo.seamless.tab.rounds'],
    ['findings', 'bo.seamless.tab.findings'],
    ['daily', 'bo.seamless.tab.daily'],
  ];
  const tabClass = (on: boolean) =>
    `-mb-px border-b-2 px-4 py-2 text-sm ${on ? 'border-brand-600 font-semibold text-brand-800' : 'border-transparent text-slate-500 hover:text-slate-800'}`;
  return (
    <div className="max-w-7xl">
      <p className="mb-4 max-w-3xl text-sm text-slate-500">{t['bo.seamless.hint']}</p>
      <section className={`${cls.card} overflow-x-auto`}>
        <div className="mb-4 flex border-b border-slate-200" role="tablist">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tabClass(tab === key)}
              onClick={() => setTab(key)}
              data-testid={`seamless-tab-${key}`}
            >
              {t[label]}
            </button>
          ))}
        </div>
        {tab === 'platforms' && <Platforms t={t} locale={locale} list={platforms} canEdit={hasPermission(staff, 'platforms.manage')} />}
        {tab === 'transactions' && <Transactions t={t} locale={locale} platforms={seamless} />}
        {tab === 'rounds' && <OpenRounds t={t} locale={locale} platforms={seamless} />}
        {tab === 'findings' && <Findings t={t} locale={locale} />}
        {tab === 'daily' && <Daily t={t} platforms={seamless} />}
      </section>
    </div>
  );
}

const code = (t: T, prefix: string, value: string) => labelOf(t, `${prefix}${value}`, value);

function PlayerLink({ locale, id }: { locale: Locale; id: number }) {
  return (
    <a href={`${boPath(locale, 'player')}?id=${id}`} className="font-medium text-brand-600 hover:underline">
      #{id}
    </a>
  );
}

// ---- platforms: wallet model, round limit, key --------------------------------------------------------

function Platforms({ t, locale, list, canEdit }: { t: T; locale: Locale; list: ReturnType<typeof useBoData<'GET /seamless/platforms'>>; canEdit: boolean }) {
  const columns: Array<BoColumn<Platform, K>> = [
    {
      key: 'code',
      header: 'bo.seamless.platform',
      cell: (p) => (
        <>
          <span className="font-medium">{p.name}</span> <span className="font-mono text-xs text-slate-500">{p.code}</span>
        </>
      ),
    },
    { key: 'group', header: 'bo.seamless.group', cell: (p) => groupName(t, p.group) },
    { key: 'model', header: 'bo.seamless.model', cell: (p) => <PlatformForm t={t} platform={p} canEdit={canEdit} onSaved={() => void list.reload()} /> },
    {
      key: 'key',
      header: 'bo.seamless.key',
      cell: (p) =>
        p.wallet_model === 'seamless' ? <KeyCell t={t} locale={locale} platform={p} canEdit={canEdit} onRotated={() => void list.reload()} /> : '—',
    },
    {
      key: 'addresses',
      header: 'bo.seamless.addresses',
      className: 'text-xs',
      cell: (p) => (p.wallet_model === 'seamless' ? (p.allowed_addresses.length ? p.allowed_addresses.join(', ') : t['bo.seamless.addresses.any']) : '—'),
    },
  ];
  return (
    <BoTable
      t={t}
      rows={list.data}
      state={list.state}
      columns={columns}
      rowKey={(p) => p.code}
      testId="seamless-platforms"
      rowData={(p) => ({ 'data-code': p.code })}
    />
  );
}

/** The signing key, masked, where it comes from, and (for who may) its rotation; the new key is shown once. */
function KeyCell({ t, locale, platform, canEdit, onRotated }: { t: T; locale: Locale; platform: Platform; canEdit: boolean; onRotated: () => void }) {
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const [shown, setShown] = useState<string | null>(null);
  const rotate = async () => {
    if (!(await ask(fill(t['bo.seamless.key.confirm'], { name: platform.name })))) return;
    const done = await action.run(() => boApi('POST /seamless/platforms/:code/key', { params: { code: platform.code } }));
    if (done) {
      setShown(done.key);
      onRotated();
    }
  };
  return (
    <div className="text-xs" data-testid="seamless-key">
      <div>
        <span className="font-mono" data-testid="seamless-key-masked">
          {platform.key_masked || '—'}
        </span>{' '}
        · {t[`bo.seamless.key.${platform.key_source}`]}
      </div>
      {platform.previous_key_until && (
        <div className="text-slate-500">{fill(t['bo.seamless.key.previous_until'], { time: formatTime(platform.previous_key_until, locale) })}</div>
      )}
      {canEdit && (
        <button type="button" className={`${cls.btnSmall} mt-1`} disabled={action.busy} onClick={() => void rotate()} data-testid="seamless-key-rotate">
          {t['bo.seamless.key.rotate']}
        </button>
      )}
      {shown && (
        <div className="mt-1 rounded border border-amber-200 bg-amber-50 p-2" role="status">
          {t['bo.seamless.key.new']}
          <code className="mt-1 block select-all break-all font-mono" data-testid="seamless-key-new">
            {shown}
          </code>
        </div>
      )}
      <NoticeBanner notice={action.notice?.kind === 'error' ? action.notice : null} />
      {dialog}
    </div>
  );
}

function PlatformForm({ t, platform, canEdit, onSaved }: { t: T; platform: Platform; canEdit: boolean; onSaved: () => void }) {
  const [model, setModel] = useState(platform.wallet_model);
  const [limit, setLimit] = useState(String(platform.round_limit_minutes ?? 60));
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (model !== platform.wallet_model && !(await ask(fill(t['bo.seamless.confirm_model'], { name: platform.name, model: t[`bo.seamless.model.${model}`] }))))
      return;
    const body = model === 'seamless' ? { wallet_model: model, round_limit_minutes: Number(limit) } : { wallet_model: model };
    const done = await action.run(() => boApi('PUT /seamless/platforms/:code', { params: { code: platform.code }, body }), t['bo.seamless.saved'], [
      'round_limit_minutes',
    ]);
    if (done) onSaved();
  };
  if (!canEdit)
    return (
      <span>
        {t[`bo.seamless.model.${platform.wallet_model}`]}
        {platform.round_limit_minutes ? ` · ${fill(t['bo.seamless.limit_minutes'], { n: platform.round_limit_minutes })}` : ''}
      </span>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" data-testid="seamless-platform-form">
      <select
        className={cls.input}
        value={model}
        onChange={(e) => setModel(e.target.value === 'seamless' ? 'seamless' : 'transfer')}
        aria-label={t['bo.seamless.model']}
        name="wallet_model"
      >
        <option value="transfer">{t['bo.seamless.model.transfer']}</option>
        <option value="seamless">{t['bo.seamless.model.seamless']}</option>
      </select>
      {model === 'seamless' && (
        <label className="flex items-center gap-1 text-xs text-slate-600">
          {t['bo.seamless.limit']}
          <input
            className={`${cls.input} w-20`}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            name="round_limit_minutes"
            aria-invalid={!!fieldError(action.failure, 'round_limit_minutes')}
          />
        </label>
      )}
      <button type="submit" className={cls.btnSmall} disabled={action.busy}>
        {t['bo.seamless.save']}
      </button>
      {action.notice && (
        <div className="w-full">
          <NoticeBanner notice={action.notice} />
        </div>
      )}
      {dialog}
    </form>
  );
}

function PlatformSelect({
  t,
  platforms,
  value,
  onChange,
  any = false,
}: {
  t: T;
  platforms: Platform[];
  value: string;
  onChange: (code: string) => void;
  any?: boolean;
}) {
  return (
    <select className={cls.input} value={value} onChange={(e) => onChange(e.target.value)} aria-label={t['bo.seamless.platform']} name="code">
      {any && <option value="">{t['bo.seamless.all_platforms']}</option>}
      {platforms.map((p) => (
        <option key={p.code} value={p.code}>
          {p.name} ({p.code})
        </option>
      ))}
    </select>
  );
}

// ---- the transaction log ---------------------------------------------------------------------------------

function Transactions({ t, locale, platforms }: { t: T; locale: Locale; platforms: Platform[] }) {
  const empty = { player_id: '', code: '', round_id: '', start: '', end: '' };
  const [draft, setDraft] = useState(empty);
  const [query, setQuery] = useState(empty);
  const list = useBoData('GET /seamless/transactions', { query, pageSize: PAGE_SIZE });
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const columns: Array<BoColumn<Tx, K>> = [
    { key: 'time', header: 'bo.time', className: 'whitespace-nowrap text-slate-500', cell: (x) => formatTime(x.created_at, locale) },
    { key: 'player', header: 'bo.seamless.player', cell: (x) => <PlayerLink locale={locale} id={x.player_id} /> },
    { key: 'platform', header: 'bo.seamless.platform', className: 'font-mono', cell: (x) => x.code },
    {
      key: 'round',
      header: 'bo.seamless.round_id',
      className: 'font-mono text-xs',
      cell: (x) => (
        <button
          type="button"
          className="text-brand-600 hover:underline"
          onClick={() => {
            const next = { ...empty, round_id: x.round_id, code: x.code };
            setDraft(next);
            setQuery(next);
          }}
        >
          {x.round_id}
        </button>
      ),
    },
    { key: 'tx', header: 'bo.seamless.tx_id', className: 'font-mono text-xs', cell: (x) => x.tx_id },
    { key: 'kind', header: 'bo.seamless.kind', cell: (x) => code(t, 'bo.seamless.txkind.', x.kind) },
    { key: 'amount', header: 'bo.seamless.amount', align: 'right', cell: (x) => (x.kind === 'rollback' ? '—' : <Money value={x.amount} />) },
    { key: 'ref', header: 'bo.seamless.ref', className: 'font-mono text-xs', cell: (x) => x.ref_tx_id || '—' },
    { key: 'status', header: 'bo.seamless.status', cell: (x) => code(t, 'bo.seamless.txstatus.', x.status) },
    {
      key: 'answer',
      header: 'bo.seamless.answer',
      className: (x) => (x.answer === 'OK' ? 'text-emerald-700' : 'text-amber-700'),
      cell: (x) => code(t, 'bo.seamless.answer.', x.answer),
    },
  ];
  return (
    <>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft);
        }}
        data-testid="seamless-tx-filters"
      >
        <Field label={t['bo.seamless.player_id']}>
          <input className={`${cls.input} w-28`} value={draft.player_id} onChange={set('player_id')} name="player_id" inputMode="numeric" />
        </Field>
        <Field label={t['bo.seamless.platform']}>
          <PlatformSelect t={t} platforms={platforms} value={draft.code} onChange={(v) => setDraft((d) => ({ ...d, code: v }))} any />
        </Field>
        <Field label={t['bo.seamless.round_id']}>
          <input className={`${cls.input} w-44`} value={draft.round_id} onChange={set('round_id')} name="round_id" maxLength={64} />
        </Field>
        <Field label={t['bo.seamless.from']}>
          <input type="date" className={cls.input} value={draft.start} onChange={set('start')} name="start" />
        </Field>
        <Field label={t['bo.seamless.to']}>
          <input type="date" className={cls.input} value={draft.end} onChange={set('end')} name="end" min={draft.start || undefined} />
        </Field>
        <button type="submit" className={cls.btn} data-testid="seamless-tx-apply">
          {t['bo.seamless.apply']}
        </button>
      </form>
      <BoTable t={t} list={list} columns={columns} rowKey={(x) => x.id} testId="seamless-transactions" scroll rowData={(x) => ({ 'data-tx': x.tx_id })} />
    </>
  );
}

// ---- rounds open past the limit --------------------------------------------------------------------------

function OpenRounds({ t, locale, platforms }: { t: T; locale: Locale; platforms: Platform[] }) {
  const [chosen, setChosen] = useState('');
  const current = chosen || platforms[0]?.code || '';
  const list = useBoData(current ? 'GET /seamless/:code/open-rounds' : null, { params: { code: current } });
  const action = useBoAction(t);
  if (!platforms.length)
    return (
      <p className="py-6 text-sm text-slate-500" role="status">
        {t['bo.seamless.no_platforms']}
      </p>
    );
  const reconcile = async () => {
    const done = await action.run(
      () => boApi('POST /seamless/:code/reconcile', { params: { code: current } }),
      (r) => fill(t['bo.seamless.reconciled'], r),
    );
    if (done) void list.reload();
  };
  const columns: Array<BoColumn<Round, K>> = [
    { key: 'opened', header: 'bo.seamless.opened', className: 'whitespace-nowrap text-slate-500', cell: (r) => formatTime(r.opened_at, locale) },
    { key: 'player', header: 'bo.seamless.player', cell: (r) => <PlayerLink locale={locale} id={r.player_id} /> },
    { key: 'round', header: 'bo.seamless.round_id', className: 'font-mono text-xs', cell: (r) => r.round_id },
    { key: 'game', header: 'bo.seamless.game', className: 'font-mono text-xs', cell: (r) => r.game_code },
    { key: 'stake', header: 'bo.seamless.stake', align: 'right', cell: (r) => <Money value={r.stake} /> },
    { key: 'payout', header: 'bo.seamless.payout', align: 'right', cell: (r) => <Money value={r.payout} /> },
    { key: 'status', header: 'bo.seamless.status', cell: (r) => code(t, 'bo.seamless.round.', r.status) },
  ];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t['bo.seamless.platform']}>
          <PlatformSelect t={t} platforms={platforms} value={current} onChange={setChosen} />
        </Field>
        <button type="button" className={cls.btn} onClick={() => void reconcile()} disabled={action.busy} data-testid="seamless-reconcile">
          {t['bo.seamless.reconcile']}
        </button>
      </div>
      <NoticeBanner notice={action.notice} testId="seamless-reconcile-notice" />
      <BoTable t={t} rows={list.data} state={list.state} columns={columns} rowKey={(r) => r.round_id} testId="seamless-open-rounds" />
    </>
  );
}

// ---- findings and their resolution ------------------------------------------------------------------------

function Findings({ t, locale }: { t: T; locale: Locale }) {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const list = useBoData('GET /seamless/findings', { query: { status }, pageSize: PAGE_SIZE });
  const [notes, setNotes] = useState<Record<number, string>>({});
  const action = useBoAction(t);
  const { ask, dialog } = useConfirm(t);
  const resolve = async (f: Finding, resolution: 'credit' | 'close') => {
    const owed = formatDecimal(minus(f.theirs_payout ?? '0.00', f.ours_payout));
    const text =
      resolution === 'credit'
        ? fill(t['bo.seamless.confirm_credit'], { round: f.round_id, player: f.player_id, amount: owed })
        : fill(t['bo.seamless.confirm_close'], { round: f.round_id });
    if (!(await ask(text))) return;
    const done = await action.run(
      () => boApi('POST /seamless/findings/:id/resolve', { params: { id: f.id }, body: { resolution, note: notes[f.id] ?? '' } }),
      t['bo.seamless.resolved_ok'],
      ['note', 'resolution'],
    );
    if (done) void list.reload();
  };
  const side = (stake: string | null, payout: string | null) =>
    stake === null || payout === null ? (
      <span className="text-slate-400">{t['bo.seamless.no_report']}</span>
    ) : (
      <span className="whitespace-nowrap text-xs">
        {t['bo.seamless.stake']} <Money value={stake} /> · {t['bo.seamless.payout']} <Money value={payout} />
      </span>
    );
  const columns: Array<BoColumn<Finding, K>> = [
    { key: 'found', header: 'bo.seamless.found', className: 'whitespace-nowrap text-slate-500', cell: (f) => formatTime(f.created_at, locale) },
    { key: 'kind', header: 'bo.seamless.kind', cell: (f) => code(t, 'bo.seamless.finding.', f.kind) },
    { key: 'player', header: 'bo.seamless.player', cell: (f) => <PlayerLink locale={locale} id={f.player_id} /> },
    {
      key: 'round',
      header: 'bo.seamless.round_id',
      className: 'font-mono text-xs',
      cell: (f) => (
        <>
          {f.code} · {f.round_id}
        </>
      ),
    },
    { key: 'ours', header: 'bo.seamless.ours', cell: (f) => side(f.ours_stake, f.ours_payout) },
    { key: 'theirs', header: 'bo.seamless.theirs', cell: (f) => side(f.theirs_stake, f.theirs_payout) },
    status === 'open'
      ? {
          key: 'actions',
          header: 'bo.actions',
          cell: (f) => (
            <div className="flex flex-col gap-1.5" data-testid="seamless-resolve">
              <input
                className={`${cls.input} w-56`}
                placeholder={t['bo.seamless.note_placeholder']}
                aria-label={t['bo.seamless.note']}
                maxLength={500}
                value={notes[f.id] ?? ''}
                onChange={(e) => setNotes((n) => ({ ...n, [f.id]: e.target.value }))}
                name="note"
              />
              <div className="flex gap-2">
                {f.kind === 'missing_credit' && (
                  <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void resolve(f, 'credit')} data-testid="seamless-credit">
                    {t['bo.seamless.credit']}
                  </button>
                )}
                <button type="button" className={cls.btnSmall} disabled={action.busy} onClick={() => void resolve(f, 'close')} data-testid="seamless-close">
                  {t['bo.seamless.close']}
                </button>
              </div>
            </div>
          ),
        }
      : {
          key: 'resolution',
          header: 'bo.seamless.resolution',
          cell: (f) => (
            <div className="text-xs">
              <div>
                {f.resolution ? code(t, 'bo.seamless.resolution.', f.resolution) : '—'} · {formatTime(f.resolved_at, locale)}
              </div>
              <div className="text-slate-500">{f.note}</div>
            </div>
          ),
        },
  ];
  return (
    <>
      <div className="mb-4 flex gap-2" role="group">
        {(['open', 'resolved'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            className={status === s ? cls.btn : cls.btnGhost}
            onClick={() => setStatus(s)}
            data-testid={`seamless-findings-${s}`}
          >
            {t[`bo.seamless.${s}`]}
          </button>
        ))}
      </div>
      <NoticeBanner notice={action.notice} testId="seamless-resolve-notice" />
      <BoTable
        t={t}
        list={list}
        columns={columns}
        rowKey={(f) => f.id}
        testId="seamless-findings"
        rowData={(f) => ({ 'data-finding': f.id, 'data-round': f.round_id })}
      />
      {dialog}
    </>
  );
}

// ---- the provider's daily totals beside ours --------------------------------------------------------------

function Daily({ t, platforms }: { t: T; platforms: Platform[] }) {
  const [chosen, setChosen] = useState('');
  const [date, setDate] = useState(() => taipeiDate(new Date()));
  const current = chosen || platforms[0]?.code || '';
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const day = useBoData(current && valid ? 'GET /seamless/:code/daily' : null, { params: { code: current }, query: { date } });
  if (!platforms.length)
    return (
      <p className="py-6 text-sm text-slate-500" role="status">
        {t['bo.seamless.no_platforms']}
      </p>
    );
  const d = day.data;
  const diff = (a: string, b: string | undefined) => (b === undefined ? '—' : <Money value={minus(a, b)} signed />);
  const rows: Array<[K, string, string | undefined, boolean]> = d
    ? [
        ['bo.seamless.debits', d.ours.debits, d.theirs?.debits, true],
        ['bo.seamless.credits', d.ours.credits, d.theirs?.credits, true],
        ['bo.seamless.rounds', String(d.ours.rounds), d.theirs ? String(d.theirs.rounds) : undefined, false],
      ]
    : [];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t['bo.seamless.platform']}>
          <PlatformSelect t={t} platforms={platforms} value={current} onChange={setChosen} />
        </Field>
        <Field label={t['bo.seamless.date']}>
          <input type="date" className={cls.input} value={date} onChange={(e) => setDate(e.target.value)} name="date" />
        </Field>
      </div>
      <BoTable
        t={t}
        rows={d ? rows : null}
        state={day.state}
        columns={[
          { key: 'side', header: 'bo.seamless.side', cell: (r) => t[r[0]] },
          { key: 'ours', header: 'bo.seamless.ours', align: 'right', cell: (r) => (r[3] ? <Money value={r[1]} /> : r[1]) },
          {
            key: 'theirs',
            header: 'bo.seamless.theirs',
            align: 'right',
            cell: (r) => (r[2] === undefined ? t['bo.seamless.no_report'] : r[3] ? <Money value={r[2]} /> : r[2]),
          },
          {
            key: 'diff',
            header: 'bo.seamless.difference',
            align: 'right',
            cell: (r) => (r[3] ? diff(r[1], r[2]) : r[2] === undefined ? '—' : String(Number(r[1]) - Number(r[2]))),
          },
        ]}
        rowKey={(r) => r[0]}
        testId="seamless-daily"
      />
    </>
  );
}
