// Tracking links: the partner's links with their campaign tags, each with its clicks, registrations and first
// deposits, and a form that makes a new one for a campaign.
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
  fieldErrors,
  ui,
  useAgentData,
  when,
  type AgentIslandProps,
  type PortalT,
} from './common.tsx';
import type { AgentVariant } from './paths.ts';
import type { Locale } from '../../shared/constants.ts';
import { CAMPAIGN_RE } from '../../shared/schemas/partners/portal.ts';

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
                  <span className="break-all font-mono text-xs">
                    {r.url}
                    <Copy t={t} text={r.url} />
                  </span>
                ),
                testId: 'link-url',
              },
              { key: 'clicks', header: t['agent.links.clicks'], align: 'right', cell: (r) => count(r.clicks), testId: 'link-clicks' },
              {
                key: 'registrations',
                header: t['agent.links.registrations'],
                align: 'right',
                cell: (r) => count(r.registrations),
                testId: 'link-registrations',
              },
              { key: 'ftd', header: t['agent.links.first_deposits'], align: 'right', cell: (r) => count(r.first_deposits), testId: 'link-first-deposits' },
              { key: 'created', header: t['agent.links.created_at'], cell: (r) => when(r.created_at, locale) },
            ]}
          />
        </State>
      </section>
    </div>
  );
}
