// The SMS gateways' remaining credit on /metrics, read on each scrape from the table every instance writes (so every
// instance reports the same figure), and beside it the configured threshold, so that the alert rule compares the two
// without the number being written twice (ops/prometheus/alerts.yml, SmsCreditLow).
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { credits } from './outbox.ts';
import type { SmsGateway } from './outcomes.ts';

export function smsMetrics(registry: Registry, db: Db, opts: { gateways: SmsGateway[]; creditAlertBelow: number }): void {
  new Gauge({
    name: 'sms_gateway_credit',
    help: "Each SMS gateway's remaining credit as its newest answer gave it (Mitake AccountPoint, EVERY8D CREDIT)",
    labelNames: ['gateway'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const c of await credits(db)) this.set({ gateway: c.gateway }, c.credit);
    },
  });
  new Gauge({
    name: 'sms_gateway_credit_alert_below',
    help: 'The credit under which a configured SMS gateway is reported as running out (SMS_CREDIT_ALERT_BELOW)',
    labelNames: ['gateway'],
    registers: [registry],
    collect() {
      this.reset();
      for (const gateway of opts.gateways) this.set({ gateway }, opts.creditAlertBelow);
    },
  });
}
