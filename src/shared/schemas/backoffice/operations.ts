// Answers of the back office's operations calls: reconciliation of platform transfers and the stand-in provider's
// fault switches.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { staffTransferView } from './players.ts';

export const findingView = v.object({
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

/** A switch is a number (rates, milliseconds) or, for maintenance, on or off. */
const faultSwitch = v.union([v.number(), v.boolean()]);
export const faultsView = v.object({
  maintenance: faultSwitch,
  latencyMs: faultSwitch,
  errorRate: faultSwitch,
  timeoutAfterApplyRate: faultSwitch,
  timeoutBeforeApplyRate: faultSwitch,
  duplicateDeliveryRate: faultSwitch,
  hangMs: faultSwitch,
});
export const platformFaultsView = v.object({ code: v.string(), faults: faultsView });
export const allFaultsView = v.object({ platforms: v.array(v.object({ code: v.string(), faults: faultsView, provider_total: v.nullable(v.string()) })) });

export type FindingView = v.InferOutput<typeof findingView>;
export type FaultsView = v.InferOutput<typeof faultsView>;
