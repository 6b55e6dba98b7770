// Schemas of the account calls (recovery, phone-code login, password change, avatar), used by
// the server routes and by the islands that submit them. Messages are i18n keys, as in auth.ts.
import * as v from 'valibot';
import { accountField, passwordField, PHONE_RE } from './auth.ts';
import { FORCE_PASSWORD_STATUS } from '../statuses.ts';

const MAX_FIELD = 64;
/** Codes are six digits (tokens.ts newSmsCode). */
const SMS_CODE_RE = /^\d{6}$/;
/** The 15 preset avatars in public/avatars (SPEC.md section 9). */
const AVATAR_COUNT = 15;
export const AVATARS = Array.from({ length: AVATAR_COUNT }, (_, i) => `avatar-${i + 1}.svg`);

const field = <S extends v.GenericSchema<unknown, string>>(schema: S) => v.optional(v.config(schema, { abortPipeEarly: true }), '');

const phoneOnlyField = field(
  v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.trim(), v.nonEmpty('confirm_enter_phone'), v.regex(PHONE_RE, 'v.phone.invalid')),
);
const codeField = field(
  v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.trim(), v.nonEmpty('v.code.required'), v.regex(SMS_CODE_RE, 'v.code.invalid')),
);
const confirmField = field(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.nonEmpty('v.password_confirm.required')));
/** A recovery ticket is 32 random bytes in base64url. */
const ticketField = field(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.nonEmpty('account.v.ticket_required')));

/** Step 0 of a recovery and the recovery code send: account and phone. */
export const accountPhoneSchema = v.strictObject({ account: accountField, phone: phoneOnlyField }, 'v.type.object');

/** Sends a code: with an account, for a recovery; with the phone alone, for a phone-code login. */
export const sendVerificationSchema = v.strictObject(
  {
    account: v.optional(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'))),
    phone: phoneOnlyField,
  },
  'v.type.object',
);

/**
 * What a code request answers: whether the code sent earlier is still the one to use. Within the minute between two
 * messages to a phone, a request whose earlier code of the same purpose is still live goes on with that code instead
 * of being refused, so a player who stepped back in a form is never stuck.
 */
export const sendCodeView = v.object({ code_still_valid: v.boolean() });
export type SendCodeOutcome = v.InferOutput<typeof sendCodeView>;

/** Step 1: the code sent for the recovery. */
export const verifyCodeSchema = v.strictObject({ account: accountField, phone: phoneOnlyField, code: codeField }, 'v.type.object');

/** Step 2: the new password, with the ticket step 1 answered. */
export const updateByForgetSchema = v.pipe(
  v.strictObject(
    {
      account: accountField,
      phone: phoneOnlyField,
      password: passwordField,
      password_confirm: confirmField,
      ticket: ticketField,
    },
    'v.type.object',
  ),
  v.forward(
    v.partialCheck([['password'], ['password_confirm']], (i) => i.password_confirm === '' || i.password === i.password_confirm, 'v.password_confirm.different'),
    ['password_confirm'],
  ),
);

/** The phone-code login: the phone is the account, the SMS code the password (SPEC.md section 4). */
export const phoneLoginSchema = v.strictObject({ phone: phoneOnlyField, code: codeField }, 'v.type.object');

/** The signed-in password change (/update-password and the member centre). */
export const changePasswordSchema = v.pipe(
  v.strictObject(
    {
      old_password: field(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.nonEmpty('account.v.old_password_required'))),
      password: passwordField,
      password_confirm: confirmField,
    },
    'v.type.object',
  ),
  v.forward(
    v.partialCheck([['password'], ['password_confirm']], (i) => i.password_confirm === '' || i.password === i.password_confirm, 'v.password_confirm.different'),
    ['password_confirm'],
  ),
  v.forward(
    v.partialCheck([['old_password'], ['password']], (i) => i.password === '' || i.password !== i.old_password, 'account.v.password_same'),
    ['password'],
  ),
);

export const avatarSchema = v.strictObject(
  {
    avatar: v.picklist(AVATARS, 'account.v.avatar_unknown'),
  },
  'v.type.object',
);

export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/** Operator actions on a player's account: each carries the reason that goes into the audit log. */
export const operatorReasonSchema = v.strictObject(
  {
    reason: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.account.reason_required'), v.maxLength(200, 'v.too_long')),
  },
  'v.type.object',
);
export const forcePasswordSchema = v.strictObject(
  {
    reason: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.account.reason_required'), v.maxLength(200, 'v.too_long')),
    force: v.boolean('v.type.boolean'),
  },
  'v.type.object',
);

/** status_force_password 2: the player must change the password before anything else (SPEC.md section 3). */
export const FORCE_PASSWORD = FORCE_PASSWORD_STATUS.required;

/** A verified recovery code becomes a short-lived ticket for the new password. */
export const recoveryTicketView = v.object({ ticket: v.string() });
