// The browser's fingerprint the register and login forms send (duplicate accounts): a SHA-256 of stable
// properties of the browser and screen, so two accounts opened from one device can be linked. Nothing here is
// personal on its own and the server hashes the digest again under its own key before storing it. It never blocks
// the form: without Web Crypto (an old browser, an insecure origin) the header is simply left out.
import { DEVICE_HEADER } from '../shared/schemas/risk/fingerprint.ts';

let cached: Promise<string | undefined> | undefined;

function stableProperties(): string {
  const n = navigator as Navigator & { deviceMemory?: number };
  const s = typeof screen === 'undefined' ? undefined : screen;
  return [
    n.userAgent,
    n.language,
    (n.languages ?? []).join(','),
    n.platform,
    n.hardwareConcurrency,
    n.deviceMemory ?? '',
    n.maxTouchPoints,
    s ? `${s.width}x${s.height}x${s.colorDepth}` : '',
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
}

async function digest(): Promise<string | undefined> {
  try {
    if (typeof crypto === 'undefined' || !crypto.subtle) return undefined;
    const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stableProperties()));
    return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return undefined;
  }
}

/** The header to send with a register or login call: empty when no fingerprint could be made. */
export async function deviceHeaders(): Promise<Record<string, string>> {
  const fp = await (cached ??= digest());
  return fp ? { [DEVICE_HEADER]: fp } : {};
}
