// The partner's name and level beside the page title, and signing out.
import { useState } from 'react';
import { agentApi, clearAgentSession, leavePortal } from './api.ts';
import { PORTAL_KEYS, fill, useAgentSession, type AgentIslandProps } from './common.tsx';
import { agentPath } from './paths.ts';

export const AGENT_ACCOUNT_KEYS = [...PORTAL_KEYS, 'agent.account.level', 'agent.account.logout'] as const;
type K = (typeof AGENT_ACCOUNT_KEYS)[number];

export default function AgentAccount({ t, locale, variant }: AgentIslandProps<K>) {
  const { me } = useAgentSession(locale, t);
  const [leaving, setLeaving] = useState(false);
  if (!me) return null;
  const logout = async () => {
    setLeaving(true);
    try {
      await agentApi('POST /logout');
    } catch {
      // Signing out here is what matters; the server's session ends on its own soon anyway.
    }
    leavePortal(agentPath(locale, variant, 'login'));
    clearAgentSession();
  };
  return (
    <div className={`flex items-center gap-3 text-sm ${variant === 'mobile' ? 'text-white' : 'text-slate-600'}`} data-testid="agent-account">
      {variant === 'desktop' && (
        <span>
          <span className="font-semibold text-brand-800" data-testid="agent-account-name">
            {me.account}
          </span>
          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{fill(t['agent.account.level'], { level: me.level })}</span>
        </span>
      )}
      <button
        type="button"
        onClick={() => void logout()}
        disabled={leaving}
        data-testid="agent-logout"
        className={
          variant === 'mobile' ? 'rounded border border-white/30 px-2 py-1 text-xs' : 'rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50'
        }
      >
        {t['agent.account.logout']}
      </button>
    </div>
  );
}
