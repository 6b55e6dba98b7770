// Answers of the back office's own calls: sign-in, staff accounts, two-factor enrolment and the audit log.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';

/** The signed-in staff member and what their role may do (permission names, as the routes declare them). */
export const staffMeView = v.object({
  id: v.number(),
  username: v.string(),
  role: v.string(),
  totp_enabled: v.boolean(),
  permissions: v.array(v.string()),
});

/**
 * Sign-in answers one of three: a password that must be changed first, a two-factor secret to enrol before the
 * first session, or the session itself.
 */
export const staffLoginView = v.union([
  v.object({ setup_required: v.literal('password') }),
  v.object({ setup_required: v.literal('totp'), totp_secret: v.string(), otpauth_uri: v.string() }),
  v.object({ access_token: v.string(), token_type: v.literal('Bearer'), expires_in: v.number(), staff: staffMeView }),
]);

export const staffView = v.object({
  id: v.number(),
  username: v.string(),
  role: v.string(),
  status: v.number(),
  totp_enabled: v.boolean(),
  created_at: v.nullable(v.string()),
});
export const staffListView = staffPageOf(staffView);
/** What an update changed: the fields given, with the id. */
export const staffUpdatedView = v.object({ id: v.number(), role: v.optional(v.string()), status: v.optional(v.number()) });
/** A new two-factor secret, shown once. */
export const totpSecretView = v.object({ id: v.number(), secret: v.string(), otpauth_uri: v.string() });
export const totpConfirmedView = v.object({ id: v.number(), totp_enabled: v.literal(true) });
export const staffIdView = v.object({ id: v.number() });

export const auditEntryView = v.object({
  id: v.number(),
  staff_id: v.nullable(v.number()),
  username: v.string(),
  action: v.string(),
  target: v.string(),
  detail: v.unknown(),
  ip: v.string(),
  created_at: v.nullable(v.string()),
});
export const auditListView = staffPageOf(auditEntryView);

export type StaffMeView = v.InferOutput<typeof staffMeView>;
export type StaffLoginView = v.InferOutput<typeof staffLoginView>;
export type StaffView = v.InferOutput<typeof staffView>;
export type TotpSecretView = v.InferOutput<typeof totpSecretView>;
export type AuditEntryView = v.InferOutput<typeof auditEntryView>;
