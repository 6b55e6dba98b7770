// What the wallet tells other domains about work waiting in it: the reconciliation findings no operator has closed,
// and the transfers to or from game platforms still waiting for a definite answer.
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './counts-repository.ts';
import { pendingCount } from './backoffice/adjustments-repository.ts';

export const openReconciliationFindings = (db: DbOrTx): Promise<number> => repo.openFindings(db);
export const pendingPlatformTransfers = (db: DbOrTx): Promise<number> => repo.pendingTransfers(db);
/** Manual adjustments above the approval threshold waiting for a second staff member. */
export const pendingAdjustments = (db: DbOrTx): Promise<number> => pendingCount(db);
