// The red-packet rain itself, downloaded only while a round is on: packets falling at 13 speeds (SPEC.md
// section 9), the corner mini popup (left or right), the large redeem popup, and the result modal that shows
// the server's message. Clicking a packet or the grab button claims; closing the result refetches.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api, ApiFailure } from '../../stores/api.ts';
import { $token } from '../../stores/auth-state.ts';
import { $loginDialog } from '../../stores/ui.ts';
import type { Locale } from '../../shared/constants.ts';
import { RED_PACKET_DROP_SPEEDS } from '../../shared/redpacket.ts';
import type { RedEnvelopeView } from '../../shared/schemas/redpacket.ts';
import type { RedPacketTexts } from './keys.ts';
import './rain.css';

/** Packets on screen at once; each falls at one of the 13 speeds, from 3.5 s (fastest) to 9.5 s per fall. */
const DROPS = 26;
const speedSeconds = (speed: number) => 3.5 + speed * 0.5;

function Envelope({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 52" className={className} aria-hidden="true">
      <rect x="1" y="1" width="38" height="50" rx="5" fill="#d7262e" stroke="#a3151b" />
      <path d="M1 14 Q20 28 39 14" fill="#b51c23" stroke="#a3151b" />
      <circle cx="20" cy="22" r="7" fill="#f6c945" stroke="#c99a1c" />
      <text x="20" y="25.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#a3151b">
        福
      </text>
    </svg>
  );
}

export default function RedPacketRain({
  t,
  locale,
  info,
  onClose,
  onRefetch,
}: {
  t: RedPacketTexts;
  locale: Locale;
  info: RedEnvelopeView;
  onClose: () => void;
  onRefetch: () => void;
}) {
  const token = useStore($token);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  // Where and how fast each packet falls, fixed for the life of the rain.
  const drops = useMemo(
    () =>
      Array.from({ length: DROPS }, (_, i) => ({
        left: (i * 37) % 96,
        speed: i % RED_PACKET_DROP_SPEEDS,
        delay: -((i * 1.7) % 9),
        size: 34 + ((i * 7) % 18),
      })),
    [],
  );

  const claim = async () => {
    if (busy || info.redEnvelopeId === null) return;
    if (!token) {
      setResult(t['redpacket.login_first']);
      $loginDialog.set(true);
      return;
    }
    setBusy(true);
    let message = '';
    try {
      await api('POST /activity/addAudit/:redEnvelopeId', {
        params: { redEnvelopeId: info.redEnvelopeId },
        onMessage: (m) => {
          message = m;
        },
      });
    } catch (err) {
      // Claim failures show the server's message (SPEC.md section 8).
      message = err instanceof ApiFailure ? err.message : t['error.network'];
    } finally {
      setBusy(false);
    }
    setRedeemOpen(false);
    setResult(message);
  };

  const closeResult = () => {
    setResult(null);
    onRefetch();
  };

  const corner = info.redpacketPosition === 'left' ? 'left-3' : 'right-3';
  return (
    <div data-testid="red-packet" lang={locale}>
      {info.haveRedEnvelopeRain && !redeemOpen && !result && (
        <div className="pointer-events-none fixed inset-0 z-40 overflow-hidden" data-testid="red-packet-rain">
          {drops.map((d, i) => (
            <button
              key={i}
              type="button"
              aria-label={t['redpacket.grab']}
              onClick={() => void claim()}
              className="rp-drop pointer-events-auto absolute top-0 cursor-pointer"
              style={{ left: `${d.left}%`, width: d.size, animationDuration: `${speedSeconds(d.speed)}s`, animationDelay: `${d.delay}s` }}
              data-speed={d.speed}
            >
              <Envelope className="h-auto w-full drop-shadow" />
            </button>
          ))}
          {/* Bottom centre, above the phone's tabs and between the corner pop-ups: at the top it covered the
              header's links (messages, sign out, the language switch). */}
          <button
            type="button"
            onClick={onClose}
            data-testid="red-packet-close"
            className="pointer-events-auto absolute bottom-24 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-black/60 px-3 py-1 text-sm text-white"
          >
            {t['redpacket.close']} ✕
          </button>
        </div>
      )}

      {!result && (
        <div className={`fixed bottom-24 ${corner} z-40 w-28 rounded-xl bg-white/95 p-2 text-center shadow-lg`} data-testid="red-packet-mini">
          <button
            type="button"
            onClick={onClose}
            aria-label={t['redpacket.close']}
            className="absolute -top-2 -right-2 h-6 w-6 rounded-full bg-slate-700 text-xs text-white"
          >
            ✕
          </button>
          <button type="button" onClick={() => setRedeemOpen(true)} className="block w-full">
            {info.redEnvelopePic ? (
              <img src={info.redEnvelopePic} alt="" width="96" height="96" className="mx-auto h-20 w-20 object-contain" />
            ) : (
              <Envelope className="mx-auto h-20 w-16" />
            )}
            <span className="mt-1 block text-xs font-semibold text-red-700">{info.title || t['redpacket.mini']}</span>
            <span className="block text-[11px] text-slate-500">{t['redpacket.remaining'].replace('{n}', String(info.remaining))}</span>
          </button>
        </div>
      )}

      {redeemOpen && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" role="dialog" aria-modal="true" aria-label={t['redpacket.rain']}>
          <div className="relative w-full max-w-[320px] rounded-2xl bg-gradient-to-b from-red-600 to-red-800 p-6 text-center text-white shadow-2xl">
            <button type="button" onClick={() => setRedeemOpen(false)} aria-label={t['redpacket.close']} className="absolute right-3 top-2 text-xl">
              ✕
            </button>
            <h2 className="text-lg font-bold">{info.title || t['redpacket.rain']}</h2>
            <p className="mt-1 text-sm text-red-100">{t['redpacket.open_hint']}</p>
            <Envelope className="mx-auto my-4 h-32 w-24" />
            <button
              type="button"
              disabled={busy || !info.showRedPack}
              onClick={() => void claim()}
              data-testid="red-packet-grab"
              className={`w-full rounded-full bg-amber-400 py-2 text-base font-bold text-red-800 disabled:opacity-60 ${busy ? '' : 'rp-pulse'}`}
            >
              {busy ? t['redpacket.grabbing'] : t['redpacket.grab']}
            </button>
            <p className="mt-2 text-xs text-red-100">{t['redpacket.remaining'].replace('{n}', String(info.remaining))}</p>
          </div>
        </div>
      )}

      {result !== null && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" role="dialog" aria-modal="true" aria-label={t['redpacket.result']}>
          <div className="w-full max-w-[360px] rounded-xl bg-white p-5 text-center shadow-2xl">
            <Envelope className="mx-auto h-16 w-12" />
            <p className="mt-3 text-base text-slate-800" data-testid="red-packet-message">
              {result}
            </p>
            <button type="button" onClick={closeResult} data-testid="red-packet-ok" className="mt-4 w-full rounded bg-red-600 py-2 font-semibold text-white">
              {t['redpacket.ok']}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
