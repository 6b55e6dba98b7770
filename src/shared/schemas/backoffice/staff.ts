// Requests and answers of the back office's own calls: sign-in, staff accounts, two-factor enrolment and the audit
// log. Messages are i18n keys: 'bo.*' keys live in the back-office catalogues (translated by the staff-auth plugin's
// error handler), the others in the shared catalogues.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { STAFF_STATUS, statusValues } from '../../statuses.ts';

export const STAFF_ROLES = ['admin', 'finance', 'service', 'marketing', 'compliance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());

export const loginBody = v.strictObject(
  {
    username: v.pipe(trimmed(32), v.nonEmpty('bo.v.username.required')),
    password: v.pipe(str(), v.maxLength(128, 'v.too_long'), v.nonEmpty('bo.v.password.required')),
    totp: v.optional(v.pipe(trimmed(6), v.regex(/^(\d{6})?$/, 'bo.v.totp.format'))),
    /** First sign-in: the password that replaces the one someone else chose. */
    new_password: v.optional(v.pipe(str(), v.minLength(8, 'bo.v.password.short'), v.maxLength(128, 'v.too_long'))),
    /** First sign-in of admin and finance staff: a code from the authenticator secret shown by the previous step. */
    totp_setup_code: v.optional(v.pipe(trimmed(6), v.regex(/^\d{6}$/, 'bo.v.totp.format'))),
  },
  'v.type.object',
);
export type LoginBody = v.InferOutput<typeof loginBody>;

export const totpConfirmBody = v.strictObject(
  {
    code: v.pipe(trimmed(6), v.regex(/^\d{6}$/, 'bo.v.totp.format')),
  },
  'v.type.object',
);

export const staffCreateBody = v.strictObject(
  {
    username: v.pipe(trimmed(32), v.nonEmpty('bo.v.username.required'), v.regex(/^[A-Za-z0-9_.-]{3,32}$/, 'bo.v.username.invalid')),
    password: v.pipe(str(), v.maxLength(128, 'v.too_long'), v.nonEmpty('bo.v.password.required'), v.minLength(8, 'bo.v.password.short')),
    role: v.picklist(STAFF_ROLES, 'bo.v.role'),
  },
  'v.type.object',
);
export type StaffCreateBody = v.InferOutput<typeof staffCreateBody>;

export const staffUpdateBody = v.pipe(
  v.strictObject(
    {
      role: v.optional(v.picklist(STAFF_ROLES, 'bo.v.role')),
      status: v.optional(v.picklist(statusValues(STAFF_STATUS), 'bo.v.status')),
    },
    'v.type.object',
  ),
  v.check((b) => Object.keys(b).length > 0, 'bo.v.nothing_to_change'),
);
export type StaffUpdateBody = v.InferOutput<typeof staffUpdateBody>;

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

export type StaffMeView = v.InferOutput<typeof staffMeView>;
export type StaffLoginView = v.InferOutput<typeof staffLoginView>;
export type StaffView = v.InferOutput<typeof staffView>;
export type TotpSecretView = v.InferOutput<typeof totpSecretView>;
