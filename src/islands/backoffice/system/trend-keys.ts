// The catalogue keys of the dashboard's trends, apart from the trends' module so that the dashboard can ask for them
// without loading the module (and its chart library) before it is needed.
import { BONUS_KINDS } from '../../../shared/schemas/backoffice/reports.ts';

export const TREND_KEYS = [
  'bo.dash.trends',
  'bo.dash.trends_note',
  'bo.dash.trend_money',
  'bo.dash.trend_bonuses',
  'bo.dash.trend_table',
  'bo.dash.trend_open',
  'bo.reports.chart.none',
  'bo.reports.totals',
  'bo.reports.col.day',
  'bo.reports.col.deposit_amount',
  'bo.reports.col.withdrawal_amount',
  'bo.reports.col.ggr',
  'bo.reports.col.ngr',
  'bo.reports.col.bonus_total',
  'bo.reports.col.active_players',
  ...BONUS_KINDS.map((k) => `bo.reports.col.bonus_${k}` as const),
] as const;
export type TrendKey = (typeof TREND_KEYS)[number];
