// What the risk domain counts for Prometheus: device fingerprints it could not use. The register and login forms send
// a hex digest of the browser; anything else (an old cached script, a browser extension that rewrites headers, a
// hand-made request) is left out of the signals. It is counted and logged rather than refused: a player's sign-up or
// sign-in must never fail over a header they do not control, and someone hiding a device from the risk rules can
// simply leave the header out, so a refusal would stop no one. A rising count says the form's script or a client is
// broken, or that someone is probing.
import { Counter, type Registry } from 'prom-client';

export interface RiskMetrics {
  /** A fingerprint was sent but dropped; `source` is what the player was doing (register, login). */
  deviceDropped(source: string, lengthChars: number): void;
}

export function riskMetrics(registry: Registry, log: { warn: (obj: object, msg: string) => void }): RiskMetrics {
  const dropped = new Counter({
    name: 'risk_device_fingerprints_dropped_total',
    help: 'Device fingerprints sent with a sign-up or sign-in that were not a hex digest and were left out of the risk signals, by source',
    labelNames: ['source'],
    registers: [registry],
  });
  return {
    deviceDropped(source, lengthChars) {
      dropped.inc({ source });
      // The value itself is not logged: it is whatever the client sent.
      log.warn({ source, lengthChars }, 'risk: a device fingerprint that is not a hex digest was dropped');
    },
  };
}
