// The partner's players: account masked but for its first and last characters, registration date, status and the
// period's totals; no phone, name, bank or address ever reaches the portal. Direct players, or the whole tree's.
import { useState } from 'react';
import { List, PORTAL_KEYS, Pager, Portal, State, money, ui, useAgentData, when, type AgentIslandProps, type PortalT } from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import { PERIOD_RE } from '../../shared/schemas/partners/common.ts';

export const PLAYERS_KEYS = [
  ...PORTAL_KEYS,
  'agent.players.account',
  'agent.players.partner',
  'agent.players.registered',
  'agent.players.status',
  'agent.players.deposits',
  'agent.players.withdrawals',
  'agent.players.valid_bet',
  'agent.players.ggr',
  'agent.players.empty',
  'agent.players.scope.direct',
  'agent.players.scope.tree',
  'agent.players.period',
  'agent.players.period_hint',
  'agent.players.apply',
  'agent.players.status.active',
  'agent.players.status.disabled',
  'partners.v.period',
  'agent.players.privacy',
] as const;
type K = (typeof PLAYERS_KEYS)[number];
type T = AgentIslandProps<K>['t'];
const PAGE_SIZE = 20;

export default function Players({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {() => <Body t={t} locale={locale} variant={variant} />}
    </Portal>
  );
}

function Body({ t, locale, variant }: { t: T; locale: Locale; variant: AgentVariant }) {
  const [scope, setScope] = useState<'direct' | 'tree'>('direct');
  const [period, setPeriod] = useState('');
  const [draft, setDraft] = useState('');
  const [periodError, setPeriodError] = useState('');
  const [page, setPage] = useState(1);
  const list = useAgentData('GET /players', t as PortalT, { query: { scope, period: period || undefined, page, pageSize: PAGE_SIZE } });
  const apply = () => {
    if (draft.trim() && !PERIOD_RE.test(draft.trim())) {
      setPeriodError(t['partners.v.period']);
      return;
    }
    setPeriodError('');
    setPage(1);
    setPeriod(draft.trim());
  };
  return (
    <div className="max-w-[1200px] space-y-4">
      <p className="text-xs text-slate-500">{t['agent.players.privacy']}</p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        data-testid="players-filter"
      >
        <div role="group" className="inline-flex overflow-hidden rounded border border-slate-300 bg-white text-sm">
          {(['direct', 'tree'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scope === s}
              onClick={() => {
                setScope(s);
                setPage(1);
              }}
              className={`h-10 px-3 ${scope === s ? 'bg-brand-600 text-white' : 'text-slate-700'}`}
            >
              {t[`agent.players.scope.${s}`]}
            </button>
          ))}
        </div>
        <label className="w-40">
          <span className={ui.label}>{t['agent.players.period']}</span>
          <input
            name="period"
            value={draft}
            placeholder={t['agent.players.period_hint']}
            maxLength={8}
            className={ui.input}
            aria-invalid={!!periodError}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button type="submit" className={ui.btnGhost}>
          {t['agent.players.apply']}
        </button>
        {periodError && (
          <p className={`${ui.fieldError} w-full`} role="alert">
            {periodError}
          </p>
        )}
      </form>
      <section className={variant === 'mobile' ? '' : ui.card}>
        <State t={t} loading={list.loading} error={list.error} retry={list.reload} empty={list.data?.data.length === 0} emptyText={t['agent.players.empty']}>
          <List
            variant={variant}
            rows={list.data?.data ?? []}
            rowKey={(r) => r.id}
            testId="players-table"
            rowTestId="player-row"
            columns={[
              {
                key: 'account',
                header: t['agent.players.account'],
                cell: (r) => <span className="font-mono">{r.account_masked}</span>,
                testId: 'player-account',
              },
              ...(scope === 'tree'
                ? [{ key: 'partner', header: t['agent.players.partner'], cell: (r: { partner_account: string }) => r.partner_account }]
                : []),
              { key: 'registered', header: t['agent.players.registered'], cell: (r) => when(r.registered_at, locale) },
              { key: 'status', header: t['agent.players.status'], cell: (r) => t[`agent.players.status.${r.status}`] },
              { key: 'deposits', header: t['agent.players.deposits'], align: 'right', cell: (r) => money(r.deposits), testId: 'player-deposits' },
              { key: 'withdrawals', header: t['agent.players.withdrawals'], align: 'right', cell: (r) => money(r.withdrawals) },
              { key: 'valid_bet', header: t['agent.players.valid_bet'], align: 'right', cell: (r) => money(r.valid_bet) },
              { key: 'ggr', header: t['agent.players.ggr'], align: 'right', cell: (r) => money(r.ggr) },
            ]}
          />
          {list.data && <Pager t={t} page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} />}
        </State>
      </section>
    </div>
  );
}
