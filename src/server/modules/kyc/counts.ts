// What identity verification tells the dashboard: documents waiting for review, counted over the status index.
import type { DbOrTx } from '../../db/client.ts';
import { pendingDocuments } from './repository.ts';

export const documentsToReview = (db: DbOrTx): Promise<number> => pendingDocuments(db);
