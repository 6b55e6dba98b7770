// Answers of the back office's operations calls: reconciliation of platform transfers and the stand-in provider's
// fault switches.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { staffTransferView } from './players.ts';

const findingView = v.object({
  id: v.number(),
  kind: v.string(),
  status: v.string(),
  transfer_id: v.nullable(v.string()),
  player_id: v.nullable(v.number()),
  account: v.string(),
  gp_code: v.nullable(v.string()),
  detail: v.unknown(),
  created_at: v.nullable(v.string()),
  resolved_at: v.nullable(v.string()),
  transfer: v.nullable(staffTransferView),
});
export const findingsView = staffPageOf(findingView);
export const reconcileRunView = v.object({ checked: v.number(), settled: v.number() });
export const recheckView = v.object({ ...reconcileRunView.entries, transfer: staffTransferView });

/** Maintenance is on or off; every other switch is a number (a rate from 0 to 1, or milliseconds). */
const faultsView = v.object({
  maintenance: v.boolean(),
  latencyMs: v.number(),
  errorRate: v.number(),
  timeoutAfterApplyRate: v.number(),
  timeoutBeforeApplyRate: v.number(),
  duplicateDeliveryRate: v.number(),
  hangMs: v.number(),
});
export const platformFaultsView = v.object({ code: v.string(), faults: faultsView });
/** One platform's switches and how much money the stand-in holds for players there. */
const providerFaultsRowView = v.object({ code: v.string(), faults: faultsView, provider_total: v.nullable(v.string()) });
export const allFaultsView = v.object({ platforms: v.array(providerFaultsRowView) });

export type FindingView = v.InferOutput<typeof findingView>;
export type FaultsView = v.InferOutput<typeof faultsView>;
export type PlatformFaultsView = v.InferOutput<typeof platformFaultsView>;
export type ProviderFaultsRowView = v.InferOutput<typeof providerFaultsRowView>;
export type AllFaultsView = v.InferOutput<typeof allFaultsView>;
export type ReconcileRunView = v.InferOutput<typeof reconcileRunView>;
export type RecheckView = v.InferOutput<typeof recheckView>;
