// Tracking links: the partner's links with their campaign tags, each with its funnel (clicks, then registrations, then
// first deposits, with the share that went on at each step), the running period's money of its players (deposits, NGR,
// commission), and a form that makes a new one for a campaign.
import { useState } from 'react';
import { agentApi } from './api.ts';
import {
  List,
  Notice,
  PORTAL_KEYS,
  Portal,
  State,
  count,
  errorText,
  money,
  fieldErrors,
  ui,
  useAgentData,
  when,
  type AgentIslandProps,
  type PortalT,
} from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import { CAMPAIGN_RE, type AgentLinkView } from '../../shared/schemas/partners/portal.ts';

export const LINKS_KEYS = [
  ...PORTAL_KEYS,
  'agent.links.intro',
  'agent.links.campaign',
  'agent.links.campaign_hint',
  'agent.links.create',
  'agent.links.creating',
  'agent.links.created',
  'agent.links.url',
  'agent.links.clicks',
  'agent.links.registrations',
  'agent.links.first_deposits',
  'agent.links.created_at',
  'agent.links.funnel',
  'agent.links.of_previous',
  'agent.links.deposits',
  'agent.links.ngr',
  'agent.links.commission',
  'agent.links.money_note',
  'agent.links.empty',
  'agent.links.copy',
  'agent.links.copied',
  'partners.v.campaign',
] as const;
type K = (typeof LINKS_KEYS)[number];
type T = AgentIslandProps<K>['t'];

export default function Links({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {() => <Body t={t} locale={locale} variant={variant} />}
    </Portal>
  );
}

function Copy({ t, text }: { t: T; text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="ml-2 rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-50"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          },
          () => undefined,
        );
      }}
    >
      {done ? t['agent.links.copied'] : t['agent.links.copy']}
    </button>
  );
}

/** The share of `of` that `n` is, as a whole percentage. */
function shareOf(n: number, of: number): string {
  return `${Math.round((n / of) * 100)}%`;
}

/**
 * A link's funnel: clicks, registrations and first deposits, each bar as long as its share of the largest step, each
 * step after the first with the share of the step before it that went on (none when the step before has nothing).
 */
function Funnel({ t, link }: { t: T; link: AgentLinkView }) {
  const steps = [
    { key: 'clicks', label: t['agent.links.clicks'], n: link.clicks, before: 0 },
    { key: 'registrations', label: t['agent.links.registrations'], n: link.registrations, before: link.clicks },
    { key: 'first-deposits', label: t['agent.links.first_deposits'], n: link.first_deposits, before: link.registrations },
  ] as const;
  const top = Math.max(link.clicks, link.registrations, link.first_deposits, 1);
  return (
    <dl className="grid grid-cols-[max-content_2.5rem_max-content_minmax(4rem,max-content)] items-center gap-x-2 gap-y-1 text-xs">
      {steps.map((s) => (
        <div key={s.key} className="contents">
          <dt className="text-slate-600">{s.label}</dt>
          <dd className="h-2 rounded bg-slate-100" aria-hidden="true">
            <span className="block h-2 rounded bg-brand-600" style={{ width: `${Math.round((s.n / top) * 100)}%` }} />
          </dd>
          <dd className="text-right font-medium tabular-nums" data-testid={`link-${s.key}`}>
            {count(s.n)}
          </dd>
          <dd className="text-slate-500" data-testid={`link-${s.key}-share`}>
            {s.before > 0 ? t['agent.links.of_previous'].replace('{share}', shareOf(s.n, s.before)) : ''}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ t, locale, variant }: { t: T; locale: Locale; variant: AgentVariant }) {
  const links = useAgentData('GET /links', t as PortalT);
  const [campaign, setCampaign] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setNotice(null);
    if (!CAMPAIGN_RE.test(campaign.trim())) {
      setFieldError(t['partners.v.campaign']);
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      const made = await agentApi('POST /links', { body: { campaign: campaign.trim() } });
      links.setData((rows) => [made, ...(rows ?? []).filter((r) => r.id !== made.id)]);
      setCampaign('');
      setNotice({ kind: 'success', text: t['agent.links.created'] });
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.campaign) setFieldError(fields.campaign);
      else setNotice({ kind: 'error', text: errorText(err, t) });
    }
    setBusy(false);
  };

  const periodKey = links.data?.[0]?.period.key;
  return (
    <div className="max-w-[1200px] space-y-4">
      <section className={ui.card}>
        <p className="mb-3 text-sm text-slate-600">{t['agent.links.intro']}</p>
        {notice && (
          <Notice kind={notice.kind} testId="links-notice">
            {notice.text}
          </Notice>
        )}
        <form
          noValidate
          className="flex flex-wrap items-start gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
          data-testid="link-form"
        >
          <label className="min-w-[200px] flex-1">
            <span className={ui.label}>{t['agent.links.campaign']}</span>
            <input
              name="campaign"
              value={campaign}
              maxLength={32}
              className={ui.input}
              aria-invalid={!!fieldError}
              onChange={(e) => setCampaign(e.target.value)}
            />
            <span className="mt-1 block text-xs text-slate-500">{t['agent.links.campaign_hint']}</span>
            {fieldError && (
              <span className={ui.fieldError} role="alert">
                {fieldError}
              </span>
            )}
          </label>
          <button type="submit" className={`${ui.btn} mt-6`} disabled={busy} data-testid="link-create">
            {busy ? t['agent.links.creating'] : t['agent.links.create']}
          </button>
        </form>
      </section>
      <section className={variant === 'mobile' ? '' : ui.card}>
        <State t={t} loading={links.loading} error={links.error} retry={links.reload} empty={links.data?.length === 0} emptyText={t['agent.links.empty']}>
          {periodKey && (
            <p className="mb-2 text-xs text-slate-500" data-testid="links-money-note">
              {t['agent.links.money_note'].replace('{period}', periodKey)}
            </p>
          )}
          <List
            variant={variant}
            rows={links.data ?? []}
            rowKey={(r) => r.id}
            testId="links-table"
            rowTestId="link-row"
            columns={[
              {
                key: 'campaign',
                header: t['agent.links.campaign'],
                cell: (r) => (
                  <span className="font-medium" data-campaign={r.campaign}>
                    {r.campaign}
                  </span>
                ),
                testId: 'link-campaign',
              },
              {
                key: 'url',
                header: t['agent.links.url'],
                cell: (r) => (
                  <span className="inline-block min-w-[11rem] break-all font-mono text-xs">
                    {r.url}
                    <Copy t={t} text={r.url} />
                  </span>
                ),
                testId: 'link-url',
              },
              { key: 'funnel', header: t['agent.links.funnel'], cell: (r) => <Funnel t={t} link={r} />, testId: 'link-funnel' },
              { key: 'deposits', header: t['agent.links.deposits'], align: 'right', cell: (r) => money(r.period.deposits), testId: 'link-deposits' },
              { key: 'ngr', header: t['agent.links.ngr'], align: 'right', cell: (r) => money(r.period.ngr), testId: 'link-ngr' },
              { key: 'commission', header: t['agent.links.commission'], align: 'right', cell: (r) => money(r.period.commission), testId: 'link-commission' },
              { key: 'created', header: t['agent.links.created_at'], cell: (r) => <span className="whitespace-nowrap">{when(r.created_at, locale)}</span> },
            ]}
          />
        </State>
      </section>
    </div>
  );
}
