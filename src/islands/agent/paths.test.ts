import { describe, expect, it } from 'vitest';
import { agentPath } from './paths.ts';
import { mobileEquivalent, needsMobileRedirect } from '../../lib/routes.ts';

describe('the partner portal’s addresses', () => {
  it('desktop under /agent, phones under /mobile/agent, English under /en', () => {
    expect(agentPath('zh-TW', 'desktop', 'dashboard')).toBe('/agent');
    expect(agentPath('en', 'mobile', 'statements')).toBe('/en/mobile/agent/statements');
    expect(agentPath('zh-TW', 'mobile', 'login')).toBe('/mobile/agent/login');
  });
  it('a phone asking for a desktop portal page is sent to the same page of the phone layout', () => {
    expect(needsMobileRedirect('/agent/links')).toBe(true);
    expect(mobileEquivalent('/agent/links')).toBe('/mobile/agent/links');
    expect(mobileEquivalent('/agent')).toBe('/mobile/agent');
    expect(needsMobileRedirect('/mobile/agent/links')).toBe(false);
    // Anything else keeps its own mapping.
    expect(mobileEquivalent('/agentx')).toBe('/mobile/');
  });
});
