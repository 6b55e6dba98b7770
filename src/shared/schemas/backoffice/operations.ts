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

/** Circuit breakers in front of the outside systems (providers, the gateway, seamless launches, SMS), per instance. */
export const BREAKER_STATES = ['closed', 'half_open', 'open'] as const;
export const BREAKER_FAILURE_KINDS = ['server_error', 'timeout', 'network'] as const;
const breakerView = v.object({
  /** provider:<code>, gateway:<name>, seamless:<code> or sms. */
  name: v.string(),
  state: v.picklist(BREAKER_STATES),
  /** When the breaker entered its state. */
  since: v.string(),
  /** Counts over the breaker's rolling window (10 s). */
  failures: v.number(),
  rejects: v.number(),
  successes: v.number(),
  recent: v.array(v.object({ at: v.string(), kind: v.picklist(BREAKER_FAILURE_KINDS), status: v.nullable(v.number()) })),
});
export const instanceBreakersView = v.object({ instance: v.string(), reported_at: v.string(), breakers: v.array(breakerView) });
/** shared: false when Redis could not be read, so only the answering instance's own view is listed. */
export const breakerBoardView = v.object({ shared: v.boolean(), instances: v.array(instanceBreakersView) });
export type InstanceBreakersView = v.InferOutput<typeof instanceBreakersView>;
export type BreakerBoardView = v.InferOutput<typeof breakerBoardView>;
