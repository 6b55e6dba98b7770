// What bet ingestion announces, after the pages it stored have committed.
export type BetsEvents = {
  /** One ingestion run stored new or changed bets of these players. */
  'bets.ingested': { playerIds: number[] };
};
