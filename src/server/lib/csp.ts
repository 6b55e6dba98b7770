// One Content-Security-Policy per page. Helmet writes the site's policy (default-src, object-src, base-uri,
// form-action, frame-ancestors ...) on every response; Astro adds the hashes of its own inline scripts and
// styles, as a header on server-rendered pages and as a <meta> tag in prerendered ones. Sent side by side, the
// browser would enforce each on its own, and Astro's header would replace helmet's outright. This merges them:
// every directive of both, with the sources of a directive both name joined.

/** Parses 'a b; c d' into directive -> sources, keeping the order directives first appear in. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    const key = name.toLowerCase();
    out.set(key, [...(out.get(key) ?? []), ...sources]);
  }
  return out;
}

/** The union of the policies' directives; a directive in several gets every source once. */
export function mergePolicies(...policies: Array<string | undefined>): string {
  const merged = new Map<string, string[]>();
  for (const policy of policies) {
    if (!policy) continue;
    for (const [name, sources] of parsePolicy(policy)) {
      const list = merged.get(name) ?? [];
      for (const s of sources) if (!list.includes(s)) list.push(s);
      merged.set(name, list);
    }
  }
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The policy of an Astro <meta http-equiv="content-security-policy"> tag in a built page, if it has one. */
export function metaPolicy(html: string): string | undefined {
  const tag = /<meta\s+http-equiv=["']content-security-policy["'][^>]*>/i.exec(html)?.[0];
  if (!tag) return undefined;
  const content = /content=(["'])(.*?)\1/i.exec(tag)?.[2];
  return content
    ?.replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
