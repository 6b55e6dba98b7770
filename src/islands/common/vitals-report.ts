// Collects the page's Core Web Vitals from web-vitals (its attribution-free build, only the five reporters) and
// sends them in one beacon per page view when the page is first hidden (the moment the browser promises to deliver
// a beacon, and when web-vitals settles LCP, CLS and INP). The labels are the template and the language; the
// server takes the device class from the user agent, and nothing names the player.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export function report(template: string): void {
  const values: Record<string, number> = {};
  let nav: string | undefined;
  let sent = false;
  const keep = (m: Metric) => {
    values[m.name] = m.value;
    nav ||= m.navigationType;
  };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(keep);
  const send = () => {
    const m = Object.keys(values).map((n) => ({ n, v: Math.round(values[n] * 10000) / 10000 }));
    if (sent || !m.length) return;
    sent = true;
    const body = JSON.stringify({ t: template, l: document.documentElement.lang, n: nav, m });
    navigator.sendBeacon('/api/vitals', new Blob([body], { type: 'application/json' }));
  };
  // On the document rather than the window: web-vitals listens on the window in the capture phase, so every one of
  // its reports for this hiding has been made before this listener runs. Not on pagehide, which comes before the
  // hiding when the page is left, that is before web-vitals has settled CLS and INP.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
}
