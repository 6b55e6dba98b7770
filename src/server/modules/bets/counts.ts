// What the bets domain tells other domains about its ingestion: the seconds since each platform's bet log was
// last pulled, for /metrics.
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './counts-repository.ts';

export interface IngestionLag {
  gpCode: string;
  lagSeconds: number;
}

export async function ingestionLagSeconds(db: DbOrTx): Promise<IngestionLag[]> {
  return (await repo.ingestionLag(db)).map((r) => ({ gpCode: r.gp_code, lagSeconds: r.lag }));
}
