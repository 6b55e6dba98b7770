// Dates of the promotion screens, always in the site's zone (GMT+8) whatever the reader's computer says.
import { TIME_ZONE, type Locale } from '../../shared/constants.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function promoDate(iso: string | null | undefined, locale: Locale, withTime = true): string {
  if (!iso) return '';
  const key = `${locale}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-TW', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
    });
    formatters.set(key, f);
  }
  return f.format(new Date(iso));
}

/** 'start – end', or 'until end', or the no-end label. */
export function promoWindow(
  start: string | null | undefined,
  end: string | null | undefined,
  locale: Locale,
  labels: { always: string; until: string },
): string {
  if (!end) return start ? `${promoDate(start, locale)} – ${labels.always}` : labels.always;
  if (!start) return labels.until.replace('{date}', promoDate(end, locale));
  return `${promoDate(start, locale)} – ${promoDate(end, locale)}`;
}
