// A player's ledger in the export centre: every posting of the player's accounts, newest first, as on the player
// page, with the journal kind and the account in the requester's language, the amount and the balance after it.
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { exportGrid, type RegisteredGrid } from '../../../lib/export-grid.ts';
import type { CsvColumn } from '../../../lib/csv.ts';
import * as flagFacts from '../../auth/transfer-flags-facts.ts';
import { boTranslate } from '../../../../i18n/backoffice.ts';
import type { Locale } from '../../../../shared/constants.ts';
import { idText } from '../../../../shared/schemas/ids.ts';
import * as repo from './repository.ts';
import { ledgerLine } from './service.ts';

type Line = ReturnType<typeof ledgerLine>;

/** A word of the catalogue, or the code when it has none (a kind added later still exports). */
function word(locale: Locale, key: string, code: string, vars?: Record<string, string>): string {
  const text = boTranslate(locale, key, vars);
  return text === key ? code : text;
}

function ledgerColumns(locale: Locale): Array<CsvColumn<Line>> {
  const h = (c: string) => boTranslate(locale, `bo.exports.col.${c}`);
  return [
    { heading: h('created_at'), cell: (r) => r.created_at, kind: 'datetime' },
    { heading: h('journal'), cell: (r) => r.journal_id, kind: 'number' },
    { heading: h('kind'), cell: (r) => word(locale, `bo.kind.${r.kind}`, r.kind) },
    {
      heading: h('wallet'),
      cell: (r) => word(locale, `bo.acct.${r.account_kind}`, `${r.account_kind}${r.account_ref ? `:${r.account_ref}` : ''}`, { ref: r.account_ref }),
    },
    { heading: h('amount'), cell: (r) => r.amount, kind: 'number' },
    { heading: h('balance_after'), cell: (r) => r.balance_after, kind: 'number' },
    { heading: h('reference'), cell: (r) => r.ref },
    { heading: h('memo'), cell: (r) => r.memo },
    { heading: h('staff'), cell: (r) => r.staff },
  ];
}

export function ledgerExportGrid(db: Db): RegisteredGrid {
  return exportGrid({
    key: 'ledger',
    permission: 'wallets.read',
    params: v.object({ player: idText('error.not_found') }),
    fileName: 'ledger',
    columns: ledgerColumns,
    read: async ({ player }, page) => {
      if (!(await flagFacts.playerSummary(db, { id: player }))) throw new ApiError('not_found');
      const { rows, total } = await repo.ledgerOf(db, player, page);
      return { rows: rows.map(ledgerLine), total };
    },
  });
}
