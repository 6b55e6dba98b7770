// A platform tile (SPEC.md section 2 and 9): 156 px wide with the platform's logo and name, and while the
// platform is under maintenance an overlay with the maintenance time range split over two lines.
import type { ReactNode } from 'react';
import { isMaintained, maintainLines, type Platform } from './platforms.ts';

export const TILE_KEYS = ['lobby.maintenance', 'lobby.maintenance_time', 'seamless.tile.badge', 'seamless.tile.note'] as const;
type T = Record<(typeof TILE_KEYS)[number], string>;

export function MaintenanceOverlay({ t, platform, compact = false }: { t: T; platform: Platform; compact?: boolean }) {
  const [first, second] = maintainLines(platform);
  return (
    <span
      className="absolute inset-0 flex flex-col items-center justify-center rounded-[inherit] bg-black/70 px-1 text-center leading-tight text-white"
      data-testid="maintenance-overlay"
    >
      <span className={`font-semibold text-gold-300 ${compact ? 'text-xs' : 'text-sm'}`}>{t['lobby.maintenance']}</span>
      {/* A phone's small game tile has room for the label only; its platform tile above shows the time. */}
      {first && !compact && (
        <span className="mt-0.5 whitespace-nowrap text-[10px] tabular-nums" data-testid="maintenance-time">
          <span className="sr-only">{t['lobby.maintenance_time']} </span>
          <span className="block">{first}</span>
          {second && <span className="block">{second}</span>}
        </span>
      )}
    </span>
  );
}

/**
 * A seamless platform's mark: it plays from the central wallet, and activity wallets stay on transfer
 * platforms; the badge says the first, its title and screen-reader text the whole note.
 */
export function SeamlessBadge({ t, className = '' }: { t: T; className?: string }) {
  return (
    <span
      className={`rounded bg-gold-500/90 px-1.5 text-[10px] font-semibold leading-4 text-brand-900 ${className}`}
      title={t['seamless.tile.note']}
      data-testid="seamless-badge"
    >
      {t['seamless.tile.badge']}
      <span className="sr-only">: {t['seamless.tile.note']}</span>
    </span>
  );
}

/** The tile's face; the caller wraps it in a link (nav panel) or a button (lobby filter). */
export function PlatformFace({ t, platform, extra }: { t: T; platform: Platform; extra?: ReactNode }) {
  const down = isMaintained(platform);
  return (
    <span className="relative flex h-[92px] w-[156px] flex-col items-center justify-center gap-1.5 overflow-hidden rounded-lg">
      <img src={platform.logo} alt="" width={120} height={40} loading="lazy" className="h-10 w-[120px] object-contain" />
      <span className="max-w-full truncate px-2 text-sm font-medium">{platform.name}</span>
      {platform.wallet_model === 'seamless' && <SeamlessBadge t={t} />}
      {extra}
      {down && <MaintenanceOverlay t={t} platform={platform} />}
    </span>
  );
}
