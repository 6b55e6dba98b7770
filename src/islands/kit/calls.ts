// A screen's view of its API calls: a failure as text for the player, the per-field messages of a refused form,
// and one call's loading, data, error and reload.
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../stores/api.ts';
import { failureText } from '../../stores/wallet.ts';

/** A failure as text: the catalogue's message for a known code, else the first field message, else the server's. */
export function errorText(err: unknown, t: Record<string, string>): string {
  if (err instanceof ApiFailure && err.body?.code && err.body.code !== 'validation_failed') {
    const known = t[`error.${err.body.code}`];
    if (known) return known;
  }
  return failureText(err, t['error.generic'] ?? 'Error');
}

/** The per-field messages of a failed call (already in the page's language), first message of each field. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiFailure)) return out;
  for (const [field, list] of Object.entries(err.body?.error ?? {})) if (field !== 'modal' && list?.length) out[field] = list[0]!;
  return out;
}

/** A call's state for a screen: null data until loaded, the error text when it failed, and a reload. */
export function useCall<T>(run: (() => Promise<T>) | null, deps: unknown[], t: Record<string, string>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!run) return;
    let live = true;
    setLoading(true);
    setError('');
    run()
      .then(
        (d) => {
          if (live) setData(d);
        },
        (err) => {
          if (live) setError(errorText(err, t));
        },
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [...deps, tick, !!run]);
  return { data, error, loading, reload: () => setTick((n) => n + 1), setData };
}
