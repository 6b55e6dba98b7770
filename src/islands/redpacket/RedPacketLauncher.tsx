// The red-packet rain's tiny launcher, on every page of both layouts. It asks once whether a round is on (and
// again when the player signs in; the client:session directive hydrates it on a sign-in too) and listens to the system channel's show-redEnvelope and close-redEnvelope (on the socket the session already
// keeps; it never opens one itself). Only when a round is on does it download the rain, the corner popup and
// the redeem popup (RedPacketRain), so pages without a round carry no more than this file.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { api } from '../../stores/api.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { $token } from '../../stores/auth-state.ts';
import type { Locale } from '../../shared/constants.ts';
import { CLOSE_RED_ENVELOPE_COOKIE } from '../../shared/redpacket.ts';
import type { RedEnvelopeView } from '../../shared/schemas/redpacket.ts';

import type { RedPacketTexts } from './keys.ts';

const RedPacketRain = lazy(() => import('./RedPacketRain.tsx'));

export { RED_PACKET_KEYS } from './keys.ts';

function closedByCookie(): boolean {
  return document.cookie.split('; ').includes(`${CLOSE_RED_ENVELOPE_COOKIE}=1`);
}

export default function RedPacketLauncher({ t, locale, isHome }: { t: RedPacketTexts; locale: Locale; isHome: boolean }) {
  const [info, setInfo] = useState<RedEnvelopeView | null>(null);
  /** Closed on this page (showPageType 0) or for the round (the cookie, showPageType 1). */
  const [closed, setClosed] = useState(false);

  const refetch = useCallback(() => {
    // A failed fetch leaves the rain off; the api client runs the logout check of SPEC.md section 8.
    api('GET /activity/redEnvelope').then(setInfo, () => setInfo(null));
  }, []);

  useEffect(() => {
    setClosed(closedByCookie());
    refetch();
    const offShow = onRealtime('show-redEnvelope', () => {
      // A new round: an earlier close does not hide it.
      document.cookie = `${CLOSE_RED_ENVELOPE_COOKIE}=; path=/; max-age=0`;
      setClosed(false);
      refetch();
    });
    const offClose = onRealtime('close-redEnvelope', refetch);
    // The launcher follows the session: a sign-in on this page asks again (the round may be on, and this player
    // may already have taken its packet); a sign-out hides the rain, since a packet now needs a sign-in and a
    // session the server ended (another device, a kick) must not leave the rain over its notice.
    const offToken = $token.listen((token) => {
      if (token) refetch();
      else setInfo(null);
    });
    return () => {
      offShow();
      offClose();
      offToken();
    };
  }, [refetch]);

  if (!info?.haveRedEnvelope || closed) return null;
  if (info.showPageType === 1 && !isHome) return null;

  const close = () => {
    if (info.showPageType === 1 && info.endsAt) {
      // Hidden until the round ends (SPEC.md: closing sets closeRedEnvelope=1 when showPageType says so).
      const seconds = Math.max(1, Math.ceil((Date.parse(info.endsAt) - Date.now()) / 1000));
      document.cookie = `${CLOSE_RED_ENVELOPE_COOKIE}=1; path=/; max-age=${seconds}; samesite=lax`;
    }
    setClosed(true);
  };

  return (
    <Suspense fallback={null}>
      <RedPacketRain t={t} locale={locale} info={info} onClose={close} onRefetch={refetch} />
    </Suspense>
  );
}
