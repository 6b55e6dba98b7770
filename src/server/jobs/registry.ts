// Every scheduled job by name: its advisory-lock id and its schedule (schedule.ts: an interval, or a cron expression in
// Taipei time where the business means a time of day). Which instance runs a due job is decided by its row in
// job_schedules (runner.ts); the advisory lock is still taken around each run, because some jobs' own SQL takes these
// ids and a run whose lease lapsed must not overlap the next. The ids are fixed numbers every instance agrees on, in
// the app's 7_240_1xx-2xx range (the migration lock is 7_240_001); a new job takes a new id and never reuses one. An
// interval of 0 switches a job off. 7_240_180 is taken as the first key of risk's two-key group locks
// (modules/risk/link-facts.ts, lockLinkedGroup). The partitions' work takes 7_240_240 (the ensure-partitions job) and
// 7_240_241 (ledger_archive_before, ledger/sql/ledger_archive_before.sql).
import type { Config } from '../config.ts';
import type { Job } from './runner.ts';
import { every, scheduleView, taipeiCron, type Schedule, type ScheduleView } from './schedule.ts';

export interface JobSpec {
  name: string;
  lockId: number;
  schedule(config: Config): Schedule;
}

/** The promotions' day close: yesterday's rebates and rescue money, five minutes after the Taipei day ended. */
const PROMOTIONS_DAILY_CRON = '5 0 * * *';
/** The VIP nightly run, half an hour after the Taipei day ended. */
const VIP_NIGHTLY_CRON = '30 0 * * *';
/** The partners' settlement of a month or week that ended at Taipei midnight, ten minutes after. */
const PARTNERS_SETTLE_CRON = '10 0 * * *';
/** How often the report aggregates of the day before yesterday are rebuilt from the source rows (late corrections settle by then). */
const REPORTS_REBUILD_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How often seamless providers' round reports are compared with our rounds open past their limit. */
const SEAMLESS_RECONCILE_INTERVAL_MS = 10 * 60 * 1000;
/** How often identity documents past their retention period are looked for. */
const KYC_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** How often pictures uploaded but never sent are looked for. */
const UPLOAD_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** How often the web vitals' hourly buckets past their retention are dropped. */
const WEB_VITALS_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How often the monthly partitions of the coming months are made if missing (db/partitions.ts). */
const PARTITIONS_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** How often delivered outbox events past their retention, and job runs past theirs, are deleted (purge.ts). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** A Taipei time of day unless the configuration gives an interval (tests and development). */
const taipeiUnless = (expression: string, intervalMs: number | undefined): Schedule => (intervalMs === undefined ? taipeiCron(expression) : every(intervalMs));

export const JOBS = {
  /** Pending platform transfers asked about again until they settle. */
  reconcileTransfers: { name: 'reconcile-transfers', lockId: 7_240_101, schedule: (c) => every(c.reconcileIntervalMs) },
  /** Bet records pulled from every live platform. */
  ingestBets: { name: 'ingest-bets', lockId: 7_240_102, schedule: (c) => every(c.betIngestIntervalMs) },
  /** Unpaid gateway orders past their expiry closed, after asking the gateway. */
  expireDeposits: { name: 'expire-deposits', lockId: 7_240_103, schedule: (c) => every(c.depositExpiryIntervalMs) },
  /** The AIO gateway dialect: orders its notices missed asked about with QueryTradeInfo and closed (modules/cashier/aio.ts). */
  aioReconcile: { name: 'aio-reconcile', lockId: 7_240_104, schedule: (c) => every(c.gatewayDialect === 'aio' ? c.aio.reconcileIntervalMs : 0) },
  /** VIP downgrades after grace, monthly and birthday rewards. */
  vipNightly: { name: 'vip-nightly', lockId: 7_240_113, schedule: (c) => taipeiUnless(VIP_NIGHTLY_CRON, c.vipNightlyIntervalMs) },
  /** Settled valid bet turned into VIP points between the nightly runs (the nightly run posts them too). */
  vipPoints: { name: 'vip-points', lockId: 7_240_114, schedule: (c) => every(c.vipPointsIntervalMs) },
  /** Pictures uploaded but never sent with a consultation or chat message. */
  purgeUploads: { name: 'purge-uploads', lockId: 7_240_121, schedule: () => every(UPLOAD_PURGE_INTERVAL_MS) },
  /** Yesterday's valid-bet rebates and rescue money; each promotion and day records its run, so repeats pay nothing. */
  promotionsDaily: { name: 'promotions-daily', lockId: 7_240_122, schedule: (c) => taipeiUnless(PROMOTIONS_DAILY_CRON, c.promotionsDailyIntervalMs) },
  /** Paid deposits whose promotion hook never ran, evaluated as the hook would (promotions' sweepDeposits); the day close runs only once a day. */
  promotionsDepositSweep: { name: 'promotions-deposit-sweep', lockId: 7_240_123, schedule: (c) => every(c.promotionsSweepIntervalMs) },
  /** Red-packet rounds that opened or closed, announced to the players. */
  redPacketRounds: { name: 'red-packet-rounds', lockId: 7_240_131, schedule: (c) => every(c.redPacketTickMs) },
  /** The report aggregates of a past day recomputed from the bet records and the journals (reports/service.ts). */
  reportsRebuild: { name: 'reports-rebuild', lockId: 7_240_141, schedule: () => every(REPORTS_REBUILD_INTERVAL_MS) },
  /** Seamless rounds open past their provider's limit compared with its round report; each difference a finding. */
  seamlessReconcile: { name: 'seamless-reconcile', lockId: 7_240_151, schedule: () => every(SEAMLESS_RECONCILE_INTERVAL_MS) },
  /** Identity documents whose retention period ended lose their files (modules/kyc). */
  purgeKycDocuments: { name: 'purge-kyc-documents', lockId: 7_240_161, schedule: () => every(KYC_PURGE_INTERVAL_MS) },
  /** The partners' settlement of the last ended month (or week), once; its run also takes SETTLEMENT_LOCK_ID per transaction. */
  partnersSettle: { name: 'partners-settle', lockId: 7_240_171, schedule: (c) => taipeiUnless(PARTNERS_SETTLE_CRON, c.partnersSettleIntervalMs) },
  /** USDT on TRON: solidified blocks' Transfers to deposit addresses credited, newer blocks' shown (modules/cashier/usdt/watcher.ts). */
  usdtWatch: { name: 'usdt-watch', lockId: 7_240_190, schedule: (c) => every(c.tron.watchIntervalMs) },
  /** EVERY8D's delivery reports of the messages it took, and both SMS gateways' remaining credit (integrations/sms). */
  smsReports: { name: 'sms-reports', lockId: 7_240_200, schedule: (c) => every(c.sms.reportIntervalMs) },
  /** The partitions of bet_records and postings for the current month and the months ahead. */
  ensurePartitions: { name: 'ensure-partitions', lockId: 7_240_240, schedule: () => every(PARTITIONS_INTERVAL_MS) },
  /** The field web vitals' hourly buckets older than their retention dropped (modules/vitals). */
  purgeWebVitals: { name: 'purge-web-vitals', lockId: 7_240_100, schedule: () => every(WEB_VITALS_PURGE_INTERVAL_MS) },
  /** Outbox events every subscriber has received, once past their retention (purge.ts). */
  purgeOutbox: { name: 'purge-outbox', lockId: 7_240_210, schedule: () => every(PURGE_INTERVAL_MS) },
  /** The runs of scheduled jobs older than their retention (purge.ts). */
  purgeJobRuns: { name: 'purge-job-runs', lockId: 7_240_211, schedule: () => every(PURGE_INTERVAL_MS) },
} as const satisfies Record<string, JobSpec>;

/** A job of the registry bound to its work, with the schedule the configuration gives it. */
export function scheduled(spec: JobSpec, config: Config, run: () => Promise<unknown>): Job {
  return { name: spec.name, lockId: spec.lockId, schedule: spec.schedule(config), run };
}

/** One job as the system desk lists it: its name and its schedule under this configuration. */
export interface JobCatalogueEntry {
  name: string;
  schedule: ScheduleView;
}

/** Every job of the registry with its schedule, in the registry's order, for the system desk's list of jobs. */
export function jobCatalogue(config: Config): JobCatalogueEntry[] {
  return Object.values(JOBS).map((spec: JobSpec) => ({ name: spec.name, schedule: scheduleView(spec.schedule(config)) }));
}
