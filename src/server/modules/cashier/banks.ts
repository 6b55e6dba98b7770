// Banks a player can bind a card of: the list lives in src/shared so the settings form's schema reads it too.
export { BANKS, isBank } from '../../../shared/banks.ts';
