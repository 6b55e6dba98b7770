import { describe, expect, it } from 'vitest';
import { mergePolicies, metaPolicy, parsePolicy } from './csp.ts';

const HELMET =
  "default-src 'self';script-src 'self' 'unsafe-inline';style-src 'self' 'unsafe-inline';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const ASTRO = "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='";

describe('one merged content security policy', () => {
  it("keeps every directive of the site policy and adds Astro's hashes", () => {
    const merged = parsePolicy(mergePolicies(HELMET, ASTRO));
    for (const d of ['default-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) expect(merged.has(d), d).toBe(true);
    expect(merged.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'sha256-abc='"]);
    expect(merged.get('style-src')).toEqual(["'self'", "'unsafe-inline'", "'sha256-def='"]);
    expect(merged.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("reads the policy of a built page's meta tag", () => {
    const html = `<head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-x='; style-src 'self'"></head>`;
    expect(metaPolicy(html)).toBe("script-src 'self' 'sha256-x='; style-src 'self'");
    expect(metaPolicy('<head></head>')).toBeUndefined();
  });
});
