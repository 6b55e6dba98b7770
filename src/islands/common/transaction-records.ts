// GET /api/auth/transactionRecordList answers deposits, withdrawals or transfers by its `category` query, and its
// response schema is the union of the three pages; each island asks for one category and keeps that category's
// rows by their shape, so it reads the fields of its own rows without a cast.
import type { AnswerOf } from '../../shared/api/contract.ts';
import type { PlayerRoutes } from '../../shared/api/player.ts';
import type { DepositView, WithdrawalRecordView } from '../../shared/schemas/cashier.ts';
import type { TransferRecordView } from '../../shared/schemas/wallet.ts';

type RecordPage = AnswerOf<PlayerRoutes, 'GET /auth/transactionRecordList'>;
export type RecordRow = RecordPage['data'][number];

export const isDepositRow = (r: RecordRow): r is DepositView => 'method' in r;
export const isWithdrawalRow = (r: RecordRow): r is WithdrawalRecordView => 'fee' in r;
export const isTransferRow = (r: RecordRow): r is TransferRecordView => 'direction' in r;

/** The page with only the rows of the asked category (all of them, as the server answers one category per call). */
export function rowsOfKind<R extends RecordRow>(page: RecordPage, is: (r: RecordRow) => r is R): { data: R[]; total: number } {
  const rows: RecordRow[] = page.data;
  return { data: rows.filter(is), total: page.total };
}
