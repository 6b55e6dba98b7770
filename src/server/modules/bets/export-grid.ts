// A player's bet records in the export centre: the same platform and Taipei-day filters and order as the player
// page's bets tab, each bet with its platform, game, status in words, stake, valid bet, payout and win/loss.
import * as v from 'valibot';
import { ApiError } from '../../lib/errors.ts';
import { exportGrid, type RegisteredGrid } from '../../lib/export-grid.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { boTranslate } from '../../../i18n/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { idText } from '../../../shared/schemas/ids.ts';
import { betsQuery } from '../../../shared/schemas/backoffice/catalogue-requests.ts';
import type { StaffBetsView } from '../../../shared/schemas/backoffice/catalogue.ts';
import type { BetsService } from './service.ts';

type Bet = StaffBetsView['data'][number];

function betColumns(locale: Locale): Array<CsvColumn<Bet>> {
  const h = (c: string) => boTranslate(locale, `bo.exports.col.${c}`);
  const status = (s: string) => {
    const key = `bo.bets.status.${s}`;
    const text = boTranslate(locale, key);
    return text === key ? s : text;
  };
  return [
    { heading: h('placed_at'), cell: (b) => b.placed_at, kind: 'datetime' },
    { heading: h('settled_at'), cell: (b) => b.settled_at, kind: 'datetime' },
    { heading: h('platform'), cell: (b) => b.gp_code },
    { heading: h('bet_id'), cell: (b) => b.bet_id },
    { heading: h('game'), cell: (b) => b.game },
    { heading: h('status'), cell: (b) => status(b.status) },
    { heading: h('stake'), cell: (b) => b.stake, kind: 'number' },
    { heading: h('valid_bet'), cell: (b) => b.valid_bet, kind: 'number' },
    { heading: h('payout_amount'), cell: (b) => b.payout, kind: 'number' },
    { heading: h('win_loss'), cell: (b) => b.win_loss, kind: 'number' },
  ];
}

/** The player's bets, read through the bets domain; the player is looked up through the players' domain. */
export function betsExportGrid(bets: BetsService, playerAccount: (id: number) => Promise<{ id: number } | undefined>): RegisteredGrid {
  return exportGrid({
    key: 'bets',
    permission: 'bets.read',
    // The bets tab's own filters, and the player whose bets they are.
    params: v.intersect([v.object({ player: idText('error.not_found') }), betsQuery]),
    fileName: 'bets',
    columns: betColumns,
    read: async (params, page) => {
      if (!(await playerAccount(params.player))) throw new ApiError('not_found');
      const { data, total } = await bets.staffRecords(params.player, {
        ...page,
        code: params.code || undefined,
        start: params.start || undefined,
        end: params.end || undefined,
      });
      return { rows: data, total };
    },
  });
}
