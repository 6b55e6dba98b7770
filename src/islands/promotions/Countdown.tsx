// The live countdown of a time-limited promotion: to the start of its claim window while it has not opened,
// then to its end. Ticks once a second and stops when the window has closed.
import { useEffect, useState } from 'react';

export const COUNTDOWN_KEYS = ['promoui.countdown', 'promoui.starts_in', 'promoui.days', 'promoui.finished'] as const;
type T = Record<(typeof COUNTDOWN_KEYS)[number], string>;

const pad = (n: number) => String(n).padStart(2, '0');

/** '2d 03:04:05' style text for a number of milliseconds. */
function remainingText(ms: number, dayLabel: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${dayLabel.replace('{n}', String(days))} ${clock}` : clock;
}

export default function Countdown({ t, start, end }: { t: T; start: string | null; end: string }) {
  // null until mounted: the server's clock and the reader's differ, so the first render shows no time at all and
  // hydration matches; the first tick fills it in.
  const [now, setNow] = useState<number | null>(null);
  const startMs = start ? Date.parse(start) : 0;
  const endMs = Date.parse(end);
  const finished = now !== null && now >= endMs;
  useEffect(() => {
    setNow(Date.now());
    if (finished) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [finished]);
  if (now === null) {
    return (
      <span
        className="inline-flex items-center rounded bg-red-600 px-2 py-1 text-xs font-semibold tabular-nums text-white"
        data-testid="promo-countdown"
        role="timer"
      >
        {t['promoui.countdown']} --:--:--
      </span>
    );
  }
  const before = now < startMs;
  return (
    <span
      className="inline-flex items-center gap-1 rounded bg-red-600 px-2 py-1 text-xs font-semibold tabular-nums text-white"
      data-testid="promo-countdown"
      role="timer"
    >
      {finished
        ? t['promoui.finished']
        : `${before ? t['promoui.starts_in'] : t['promoui.countdown']} ${remainingText((before ? startMs : endMs) - now, t['promoui.days'])}`}
    </span>
  );
}
