// Money pieces shared by the player page and the reconciliation page: amounts, transfer rows and labels.
import { formatDecimal } from '../../../shared/money.ts';
import type { StaffTransferView } from '../../../shared/schemas/backoffice/players.ts';

export const TRANSFER_KEYS = [
  'bo.transfer.status.pending',
  'bo.transfer.status.applied',
  'bo.transfer.status.refunded',
  'bo.transfer.in',
  'bo.transfer.out',
  'bo.transfer.id',
  'bo.transfer.platform',
  'bo.transfer.direction',
  'bo.transfer.amount',
  'bo.transfer.wallet',
  'bo.transfer.status',
  'bo.transfer.reason',
  'bo.transfer.attempts',
  'bo.transfer.next_check',
  'bo.transfer.settled',
  'bo.transfer.recheck',
  'bo.transfer.rechecked',
  'bo.transfer.central',
  'bo.transfer.bonus',
] as const;

export const GROUP_KEYS = [
  'bo.group.slots',
  'bo.group.fish',
  'bo.group.sports',
  'bo.group.casino',
  'bo.group.lottery',
  'bo.group.cards',
  'bo.group.esports',
] as const;

export const GAME_GROUP_LIST = ['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'] as const;

/** A transfer as the back office lists it. */
export type Transfer = StaffTransferView;

/** Looks a label up, falling back to the raw value for anything the catalogue does not know yet. */
export function labelOf(t: Record<string, string>, key: string, fallback: string): string {
  return t[key] ?? fallback;
}

/** A decimal string as the screen shows it: comma thousands, two decimals, a sign colour when asked. */
export function Money({ value, signed = false, className = '' }: { value: string; signed?: boolean; className?: string }) {
  const negative = value.startsWith('-');
  const tone = signed ? (negative ? 'text-red-700' : value === '0.00' ? 'text-slate-500' : 'text-emerald-700') : '';
  const text = formatDecimal(value);
  return <span className={`whitespace-nowrap font-mono tabular-nums ${tone} ${className}`}>{signed && !negative && value !== '0.00' ? `+${text}` : text}</span>;
}

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-800',
  applied: 'bg-emerald-100 text-emerald-800',
  refunded: 'bg-slate-200 text-slate-700',
};

export function TransferStatus({ t, status }: { t: Record<string, string>; status: string }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status] ?? 'bg-slate-200 text-slate-700'}`}>
      {labelOf(t, `bo.transfer.status.${status}`, status)}
    </span>
  );
}

export function walletLabel(t: Record<string, string>, wallet: string): string {
  if (wallet === 'central') return t['bo.transfer.central'] ?? wallet;
  const id = wallet.startsWith('bonus:') ? wallet.slice(6) : wallet;
  return (t['bo.transfer.bonus'] ?? wallet).replace('{id}', id);
}

/** Transfer ids are long; the list shows the end, which is what differs, and the whole id on hover. */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="whitespace-nowrap font-mono text-xs text-slate-600" title={id}>
      …{id.slice(-10)}
    </span>
  );
}
