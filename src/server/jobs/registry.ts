// Every scheduled job by name: its advisory-lock id (one instance at a time runs it) and how often it runs. The ids
// are fixed numbers every instance agrees on, in the app's 7_240_1xx range (the migration lock is 7_240_001); a new
// job takes a new id and never reuses one. An interval of 0 switches a job off. 7_240_180 is taken as the first key
// of risk's two-key group locks (modules/risk/link-facts.ts, lockLinkedGroup). The partitions' work takes 7_240_240 (the
// ensure-partitions job) and 7_240_241 (ledger_archive_before, ledger/sql/ledger_archive_before.sql).
import type { Config } from '../config.ts';
import type { Job } from './runner.ts';

export interface JobSpec {
  name: string;
  lockId: number;
  intervalMs(config: Config): number;
}

/** How often the promotions' daily job looks for a closed day to settle. */
const PROMOTION_JOB_INTERVAL_MS = 10 * 60 * 1000;
/** How often the report aggregates of the day before yesterday are rebuilt from the source rows (late corrections settle by then). */
const REPORTS_REBUILD_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often seamless providers' round reports are compared with our rounds open past their limit. */
const SEAMLESS_RECONCILE_INTERVAL_MS = 10 * 60 * 1000;
/** How often identity documents past their retention period are looked for. */
const KYC_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** How often the partners' settlement looks for an ended period without statements. */
const PARTNERS_SETTLE_INTERVAL_MS = 60 * 60 * 1000;
/** How often pictures uploaded but never sent are looked for. */
const UPLOAD_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** How often the web vitals' hourly buckets past their retention are dropped. */
const WEB_VITALS_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How often the monthly partitions of the coming months are made if missing (db/partitions.ts). */
const PARTITIONS_INTERVAL_MS = 6 * 60 * 60 * 1000;

export const JOBS = {
  /** Pending platform transfers asked about again until they settle. */
  reconcileTransfers: { name: 'reconcile-transfers', lockId: 7_240_101, intervalMs: (c) => c.reconcileIntervalMs },
  /** Bet records pulled from every live platform. */
  ingestBets: { name: 'ingest-bets', lockId: 7_240_102, intervalMs: (c) => c.betIngestIntervalMs },
  /** Unpaid gateway orders past their expiry closed, after asking the gateway. */
  expireDeposits: { name: 'expire-deposits', lockId: 7_240_103, intervalMs: (c) => c.depositExpiryIntervalMs },
  /** The AIO gateway dialect: orders its notices missed asked about with QueryTradeInfo and closed (modules/cashier/aio.ts). */
  aioReconcile: { name: 'aio-reconcile', lockId: 7_240_104, intervalMs: (c) => (c.gatewayDialect === 'aio' ? c.aio.reconcileIntervalMs : 0) },
  /** VIP downgrades after grace, monthly and birthday rewards. */
  vipNightly: { name: 'vip-nightly', lockId: 7_240_113, intervalMs: (c) => c.vipNightlyIntervalMs },
  /** Pictures uploaded but never sent with a consultation or chat message. */
  purgeUploads: { name: 'purge-uploads', lockId: 7_240_121, intervalMs: () => UPLOAD_PURGE_INTERVAL_MS },
  /** Yesterday's valid-bet rebates and rescue money; each promotion and day records its run, so repeats pay nothing. */
  promotionsDaily: { name: 'promotions-daily', lockId: 7_240_122, intervalMs: () => PROMOTION_JOB_INTERVAL_MS },
  /** Red-packet rounds that opened or closed, announced to the players. */
  redPacketRounds: { name: 'red-packet-rounds', lockId: 7_240_131, intervalMs: (c) => c.redPacketTickMs },
  /** The report aggregates of a past day recomputed from the bet records and the journals (reports/service.ts). */
  reportsRebuild: { name: 'reports-rebuild', lockId: 7_240_141, intervalMs: () => REPORTS_REBUILD_INTERVAL_MS },
  /** Seamless rounds open past their provider's limit compared with its round report; each difference a finding. */
  seamlessReconcile: { name: 'seamless-reconcile', lockId: 7_240_151, intervalMs: () => SEAMLESS_RECONCILE_INTERVAL_MS },
  /** Identity documents whose retention period ended lose their files (modules/kyc). */
  purgeKycDocuments: { name: 'purge-kyc-documents', lockId: 7_240_161, intervalMs: () => KYC_PURGE_INTERVAL_MS },
  /** The partners' settlement of the last ended month (or week), once; its run also takes SETTLEMENT_LOCK_ID per transaction. */
  partnersSettle: { name: 'partners-settle', lockId: 7_240_171, intervalMs: () => PARTNERS_SETTLE_INTERVAL_MS },
  /** USDT on TRON: solidified blocks' Transfers to deposit addresses credited, newer blocks' shown (modules/cashier/usdt/watcher.ts). */
  usdtWatch: { name: 'usdt-watch', lockId: 7_240_190, intervalMs: (c) => c.tron.watchIntervalMs },
  /** EVERY8D's delivery reports of the messages it took, and both SMS gateways' remaining credit (integrations/sms). */
  smsReports: { name: 'sms-reports', lockId: 7_240_200, intervalMs: (c) => c.sms.reportIntervalMs },
  /** The partitions of bet_records and postings for the current month and the months ahead. */
  ensurePartitions: { name: 'ensure-partitions', lockId: 7_240_240, intervalMs: () => PARTITIONS_INTERVAL_MS },
  /** The field web vitals' hourly buckets older than their retention dropped (modules/vitals). */
  purgeWebVitals: { name: 'purge-web-vitals', lockId: 7_240_100, intervalMs: () => WEB_VITALS_PURGE_INTERVAL_MS },
} as const satisfies Record<string, JobSpec>;

/** A job of the registry bound to its work, with the interval the configuration gives it. */
export function scheduled(spec: JobSpec, config: Config, run: () => Promise<unknown>): Job {
  return { name: spec.name, lockId: spec.lockId, intervalMs: spec.intervalMs(config), run };
}
