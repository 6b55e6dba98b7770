// Names for the statuses the API and the tables carry, so code compares against a name instead of a bare number or
// a string typed by hand. The numeric families stay numbers on the wire (SPEC.md); the text families (deposits,
// withdrawals, platform transfers, reconciliation findings) are stored as these exact words, and every schema
// picklist, column type and comparison is derived from the objects here.

/** The values of one status family, e.g. StatusValue<typeof MESSAGE_STATUS> is 0 | 1. */
export type StatusValue<T extends Record<string, number | string>> = T[keyof T];

/** A family's values, for a schema's picklist: v.picklist(statusValues(STAFF_STATUS)). */
export function statusValues<T extends Record<string, number | string>>(family: T): Array<StatusValue<T>> {
  return Object.values(family) as Array<StatusValue<T>>;
}

/** A game platform switched on or off by operators. */
export const PLATFORM_STATUS = { off: 0, on: 1 } as const;
/** A platform's maintenance switch: 1 running, 0 under maintenance. */
export const MAINTAIN_STATUS = { maintenance: 0, running: 1 } as const;
/** A platform shown in the lobby or hidden. */
export const FRONT_SHOW = { hidden: 0, shown: 1 } as const;
/** A player account: active, or disabled by an operator. */
export const PLAYER_STATUS = { disabled: 0, active: 1 } as const;
/** An activity (bonus) wallet: active, unlocked (paid out to central), or given up. */
export const BONUS_WALLET_STATUS = { active: 1, unlocked: 2, givenUp: 3 } as const;
/** A player's forced password change (status_force_password): required means every call but the change is refused. */
export const FORCE_PASSWORD_STATUS = { none: 0, required: 2 } as const;
/** A back-office operator: active, or disabled (cannot sign in and takes no chats or consultations). */
export const STAFF_STATUS = { disabled: 0, active: 1 } as const;
/** A game in a platform's lobby: switched off or on. */
export const GAME_STATUS = { off: 0, on: 1 } as const;
/** A site notice in a system-message slot (system_messages): hidden or shown. */
export const SYSTEM_MESSAGE_STATUS = { hidden: 0, shown: 1 } as const;
/** A player message (system, personal or platform): withdrawn by an operator, or published. */
export const MESSAGE_STATUS = { withdrawn: 0, published: 1 } as const;
/** A popup announcement: off or on. */
export const POPUP_STATUS = { off: 0, on: 1 } as const;
/** A points-mall gift: off the shelf or on it. */
export const GIFT_STATUS = { off: 0, on: 1 } as const;
/** A player's bank card (status_debit_card): awaiting finance's audit, usable for withdrawals, or refused. */
export const BANK_CARD_STATUS = { pending: 0, usable: 1, refused: 2 } as const;
/** A message's read flag on the wire and in chat_messages.read: 1 once its reader has seen it (live chat, player messages). */
export const READ_STATUS = { unread: 0, read: 1 } as const;

/**
 * A deposit order: waiting for the gateway's callback or finance's review, credited, refused by the gateway, closed
 * unpaid after its expiry, or refused by finance.
 */
export const DEPOSIT_STATUS = { pending: 'pending', paid: 'paid', failed: 'failed', expired: 'expired', rejected: 'rejected' } as const;
export type DepositStatus = StatusValue<typeof DEPOSIT_STATUS>;
/**
 * A USDT transfer the chain watcher saw reach a player's deposit address: waiting for its block to solidify
 * (confirming), credited once solidified, or one of the outcomes that credit nothing: below the minimum, a token other
 * than USDT, or gone from the chain before its block solidified (reorged; credited after all should it come back).
 */
export const USDT_TRANSFER_OUTCOME = {
  confirming: 'confirming',
  credited: 'credited',
  below_minimum: 'below_minimum',
  unknown_contract: 'unknown_contract',
  reorged: 'reorged',
} as const;
export type UsdtTransferOutcome = StatusValue<typeof USDT_TRANSFER_OUTCOME>;
/** A withdrawal: held and waiting for finance, paid out, refused by finance, or cancelled by its player. */
export const WITHDRAWAL_STATUS = { applying: 'applying', paid: 'paid', rejected: 'rejected', cancelled: 'cancelled' } as const;
export type WithdrawalStatus = StatusValue<typeof WITHDRAWAL_STATUS>;
/** A transfer to or from a game platform: sent and awaiting the provider's answer, applied there, or refused and refunded. */
export const TRANSFER_STATUS = { pending: 'pending', applied: 'applied', refunded: 'refunded' } as const;
export type TransferStatus = StatusValue<typeof TRANSFER_STATUS>;
/** A reconciliation finding: waiting for operators or for the two sides to agree again, or settled. */
export const FINDING_STATUS = { open: 'open', resolved: 'resolved' } as const;
export type FindingStatus = StatusValue<typeof FINDING_STATUS>;
/** A delivery of an outbox event to one subscriber: waiting (first try or a retry), done, or given up after too many attempts. */
export const OUTBOX_DELIVERY_STATUS = { pending: 'pending', delivered: 'delivered', dead: 'dead' } as const;
export type OutboxDeliveryStatus = StatusValue<typeof OUTBOX_DELIVERY_STATUS>;
/** Why a scheduled job ran: its schedule came due, an operator asked for it, or it was missed while every instance was down. */
export const JOB_RUN_TRIGGER = { schedule: 'schedule', run_now: 'run_now', catch_up: 'catch_up' } as const;
export type JobRunTrigger = StatusValue<typeof JOB_RUN_TRIGGER>;
/** A job run: still running, ended well, or ended with an error. */
export const JOB_RUN_RESULT = { running: 'running', ok: 'ok', failed: 'failed' } as const;
export type JobRunResult = StatusValue<typeof JOB_RUN_RESULT>;
/** An export of a back-office grid: waiting for a worker, being written, ready to download, failed, or cancelled by its requester. */
export const EXPORT_JOB_STATUS = { queued: 'queued', running: 'running', done: 'done', failed: 'failed', cancelled: 'cancelled' } as const;
export type ExportJobStatus = StatusValue<typeof EXPORT_JOB_STATUS>;
