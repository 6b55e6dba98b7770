// Names the watcher derives from a transfer, never random: a retried run makes the same deposit order, and its
// journal's key (deposit:<id>) is the same, so a transfer can be credited once only, whatever the path.
import { createHash } from 'node:crypto';

export { usdtNote } from '../../../../shared/usdt.ts';

/** The deposit order of a transfer: DP, t for TRON, and 31 hex digits of the hash of its transaction id and log index. */
export function depositIdOfTransfer(txid: string, eventIndex: number): string {
  return `DPt${createHash('sha256').update(`${txid}:${eventIndex}`).digest('hex').slice(0, 31)}`;
}
