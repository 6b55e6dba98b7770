// The back office's landing page: the website's status, players, SMS sent, work waiting for staff and today's money
// in Asia/Taipei days. Each domain answers for its own figures; the composition root hands them in as sources, since
// the domains that own them (the cashier, auth) themselves read the system's settings and so cannot be imported here.
import type { DbOrTx } from '../../db/client.ts';
import { startOfTaipeiDay } from '../../../shared/time.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { OverviewView, StaffWebsiteStatusView } from '../../../shared/schemas/backoffice/content.ts';
import { countSmsSince } from './repository.ts';

const SMS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Where the dashboard's figures come from, one function per owning domain. */
export interface DashboardSources {
  /** Registered players and those with a live session (auth). */
  players(db: DbOrTx): Promise<{ total: number; online: number }>;
  /** Manual deposits, withdrawals and bank cards waiting for review, and the money paid since dayStart (cashier). */
  cashierDesk(
    db: DbOrTx,
    dayStart: Date,
  ): Promise<{
    pending: { deposits: number; withdrawals: number; cards: number };
    today: { depositsMinor: bigint; withdrawalsMinor: bigint };
  }>;
  /** Reconciliation findings no operator has closed (wallet). */
  openFindings(db: DbOrTx): Promise<number>;
  /** Players with a journal since a moment (ledger). */
  activePlayers(db: DbOrTx, since: Date): Promise<number>;
  /** The other desks' queues, each counted by the domain that owns it. */
  queues: { [K in keyof QueueCounts]: (db: DbOrTx) => Promise<number> };
}

/** Work waiting in the desks beyond finance's: each count is answered by the owning domain's counts.ts. */
export interface QueueCounts {
  /** Manual adjustments waiting for a second staff member (wallet). */
  adjustments: number;
  /** Promotion applications an operator can approve or reject (promotions). */
  applications: number;
  /** Red-packet claims above a round's ceiling (redpacket). */
  red_packets: number;
  /** Consultations still open (consultations). */
  consultations: number;
  /** Chats waiting for an agent (chat). */
  chats: number;
  /** Gift orders to ship (vip). */
  gift_orders: number;
  /** Identity documents waiting for review (kyc). */
  kyc_documents: number;
}

/** Every queue's count at once. */
async function queueCounts(db: DbOrTx, queues: DashboardSources['queues']): Promise<QueueCounts> {
  const [adjustments, applications, redPackets, consultations, chats, giftOrders, kycDocuments] = await Promise.all([
    queues.adjustments(db),
    queues.applications(db),
    queues.red_packets(db),
    queues.consultations(db),
    queues.chats(db),
    queues.gift_orders(db),
    queues.kyc_documents(db),
  ]);
  return { adjustments, applications, red_packets: redPackets, consultations, chats, gift_orders: giftOrders, kyc_documents: kycDocuments };
}

/** Every figure is read at once, each domain's in its own query, so the page waits for the slowest one only. */
export async function overview(db: DbOrTx, website: Promise<StaffWebsiteStatusView>, sources: DashboardSources): Promise<OverviewView> {
  const dayStart = startOfTaipeiDay();
  const [status, players, sms24h, desk, findings, active, queues] = await Promise.all([
    website,
    sources.players(db),
    countSmsSince(db, new Date(Date.now() - SMS_WINDOW_MS)),
    sources.cashierDesk(db, dayStart),
    sources.openFindings(db),
    sources.activePlayers(db, dayStart),
    queueCounts(db, sources.queues),
  ]);
  const { depositsMinor, withdrawalsMinor } = desk.today;
  return {
    website: status,
    players_total: players.total,
    players_online: players.online,
    sms_24h: sms24h,
    pending: { ...desk.pending, findings, ...queues },
    today: {
      deposits: minorToDecimal(depositsMinor),
      withdrawals: minorToDecimal(withdrawalsMinor),
      net: minorToDecimal(depositsMinor - withdrawalsMinor),
      active_players: active,
    },
  };
}
