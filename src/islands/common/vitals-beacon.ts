// The field web vitals' loader, bundled into every page: once the page has loaded and the browser is idle it brings
// in the reporter (vitals-report.ts, with Google's web-vitals), so measuring never competes with the page's own work.
// A prerendered page is left out: its figures count from activation and would flatter the template.
const nav = performance.getEntriesByType?.('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
const prerendered = (document as Document & { prerendering?: boolean }).prerendering || (nav?.activationStart ?? 0) > 0;
const template = document.getElementById('wv')?.dataset.t;

if (!prerendered && template && 'sendBeacon' in navigator) {
  const later = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1));
  const start = () => void import('./vitals-report.ts').then((m) => m.report(template)).catch(() => {});
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
