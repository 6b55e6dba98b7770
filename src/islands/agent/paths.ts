// The partner portal's addresses: desktop pages under /agent, phone pages under /mobile/agent, English under /en.
import type { Locale } from '../../shared/constants.ts';

/** The portal's sections, in the menu's order. */
export const AGENT_SECTIONS = ['dashboard', 'links', 'players', 'subs', 'statements', 'wallet', 'materials'] as const;
export type AgentSection = (typeof AGENT_SECTIONS)[number];
export type AgentVariant = 'desktop' | 'mobile';

/** A section's address (the dashboard is the portal's home), or the sign-in page's with 'login'. */
export function agentPath(locale: Locale, variant: AgentVariant, section: AgentSection | 'login'): string {
  const base = `${locale === 'en' ? '/en' : ''}${variant === 'mobile' ? '/mobile' : ''}/agent`;
  return section === 'dashboard' ? base : `${base}/${section}`;
}
