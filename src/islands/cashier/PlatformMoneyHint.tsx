// The withdrawal page's note that money sits on game platforms: withdrawals come from the
// central wallet only, so a player whose money is in games sees how much is there and recovers it in place.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../shared/money.ts';
import { $platformWallets, MAINTAIN, refreshWallets } from '../../stores/wallet.ts';
import { useRecoverAll } from '../wallet/common.tsx';

export const PLATFORM_HINT_KEYS = ['ux.withdraw.on_platforms', 'ux.withdraw.recover', 'wallet.recovering', 'error.generic'] as const;

export function PlatformMoneyHint({ t }: { t: Record<(typeof PLATFORM_HINT_KEYS)[number], string> }) {
  const wallets = useStore($platformWallets);
  const { recovering: busy, recover } = useRecoverAll(t['error.generic']);
  useEffect(() => {
    void refreshWallets(true).catch(() => undefined);
  }, []);

  const onPlatformsMinor = (wallets ?? []).reduce((sum, w) => (w.wallet === MAINTAIN ? sum : sum + (decimalToMinor(w.wallet) ?? 0n)), 0n);
  if (onPlatformsMinor <= 0n) return null;

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
      data-testid="withdraw-on-platforms"
      data-amount={minorToDecimal(onPlatformsMinor)}
    >
      <span>{t['ux.withdraw.on_platforms'].replace('{amount}', formatDecimal(minorToDecimal(onPlatformsMinor)))}</span>
      <button
        type="button"
        className="btn-primary h-8 px-3 text-sm disabled:opacity-60"
        disabled={busy}
        onClick={() => void recover()}
        data-testid="withdraw-recover"
      >
        {busy ? t['wallet.recovering'] : t['ux.withdraw.recover']}
      </button>
    </div>
  );
}
