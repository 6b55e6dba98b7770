// Schemas of the account forms, used by the server routes and by the islands that submit them.
// Messages are i18n keys; each side translates them into the reader's language.
import * as v from 'valibot';

/** Bounds how long any text field may be before it is even looked at. */
const MAX_FIELD = 64;

const ALNUM_6_12 = /^[A-Za-z0-9]{6,12}$/;
const HAS_LETTER_AND_DIGIT = /^(?=.*[A-Za-z])(?=.*\d)/;
export const PHONE_RE = /^09\d{8}$/;

/**
 * One message per field: the pipe stops at the first failed rule, so an empty field says 'required'
 * and not also 'invalid'. A missing key reads as an empty string, so it gets the same message.
 */
const field = <S extends v.GenericSchema<unknown, string>>(schema: S) => v.optional(v.config(schema, { abortPipeEarly: true }), '');

const text = (requiredKey: string) => v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.trim(), v.nonEmpty(requiredKey));

export const accountField = field(
  v.pipe(text('v.account.required'), v.regex(ALNUM_6_12, 'v.account.invalid'), v.regex(HAS_LETTER_AND_DIGIT, 'v.account.invalid')),
);
export const passwordField = field(
  v.pipe(
    v.string('v.type.string'),
    v.maxLength(MAX_FIELD, 'v.too_long'),
    v.nonEmpty('v.password.required'),
    v.regex(ALNUM_6_12, 'v.password.invalid'),
    v.regex(HAS_LETTER_AND_DIGIT, 'v.password.invalid'),
  ),
);
export const phoneField = field(v.pipe(text('v.phone.required'), v.regex(PHONE_RE, 'v.phone.invalid')));

export interface RegisterRules {
  /** register_need_mobile_sms */
  needSms: boolean;
  /** register_need_check_age */
  needAge: boolean;
}

export function registerSchema(rules: RegisterRules) {
  return v.pipe(
    v.strictObject(
      {
        account: accountField,
        password: passwordField,
        password_confirm: field(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'), v.nonEmpty('v.password_confirm.required'))),
        phone: phoneField,
        code: rules.needSms
          ? field(
              v.pipe(
                v.string('v.type.string'),
                v.maxLength(MAX_FIELD, 'v.too_long'),
                v.trim(),
                v.nonEmpty('v.code.required'),
                v.regex(/^\d{6}$/, 'v.code.invalid'),
              ),
            )
          : v.optional(v.pipe(v.string('v.type.string'), v.maxLength(MAX_FIELD, 'v.too_long'))),
        recommended_code: v.optional(
          v.config(v.pipe(v.string('v.type.string'), v.maxLength(16, 'v.too_long'), v.trim(), v.regex(/^[A-Za-z0-9]*$/, 'v.recommend_code.invalid')), {
            abortPipeEarly: true,
          }),
        ),
        agreement: rules.needAge
          ? // A missing box reads as unticked; valibot types a default as the wrapped input, hence the cast.
            v.optional(v.literal(true, 'v.agreement.required'), false as unknown as true)
          : v.optional(v.boolean('v.type.boolean')),
      },
      'v.type.object',
    ),
    v.forward(
      // An empty confirmation already says 'required'.
      v.partialCheck(
        [['password'], ['password_confirm']],
        (i) => i.password_confirm === '' || i.password === i.password_confirm,
        'v.password_confirm.different',
      ),
      ['password_confirm'],
    ),
  );
}

export const loginSchema = v.strictObject(
  {
    account: field(
      v.pipe(
        v.string('v.type.string'),
        v.maxLength(MAX_FIELD, 'v.too_long'),
        v.trim(),
        v.nonEmpty('v.login.account.required'),
        v.regex(/^[A-Za-z0-9]+$/, 'm_login_enter_number_letter'),
      ),
    ),
    password: field(
      v.pipe(
        v.string('v.type.string'),
        v.maxLength(MAX_FIELD, 'v.too_long'),
        v.nonEmpty('v.login.password.required'),
        v.regex(/^[A-Za-z0-9]+$/, 'v.login.password.letters_digits'),
      ),
    ),
    rememberAccount: v.optional(v.boolean('v.type.boolean')),
  },
  'v.type.object',
);
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const sendPhoneSchema = v.strictObject(
  {
    phone: field(
      v.pipe(
        v.string('v.type.string'),
        v.maxLength(MAX_FIELD, 'v.too_long'),
        v.trim(),
        v.nonEmpty('confirm_enter_phone'),
        v.regex(PHONE_RE, 'v.phone.invalid'),
      ),
    ),
  },
  'v.type.object',
);

/** A message a schema names itself is a catalogue key: words and dots, no spaces (valibot's own texts have spaces). */
const MESSAGE_KEY_RE = /^[\w-]+(?:\.[\w-]+)*$/;

/** The catalogue key of each check valibot can fail, for schemas that name no message of their own. */
const ISSUE_KEYS: Record<string, string> = {
  string: 'v.type.string',
  number: 'v.type.number',
  bigint: 'v.type.number',
  boolean: 'v.type.boolean',
  object: 'v.type.object',
  strict_object: 'v.type.object',
  loose_object: 'v.type.object',
  record: 'v.type.object',
  array: 'v.type.array',
  tuple: 'v.type.array',
  integer: 'v.type.integer',
  safe_integer: 'v.type.integer',
  picklist: 'v.choice',
  enum: 'v.choice',
  literal: 'v.choice',
  variant: 'v.choice',
  union: 'v.invalid',
  min_value: 'v.out_of_range',
  max_value: 'v.out_of_range',
  finite: 'v.type.number',
  non_empty: 'v.required',
  min_length: 'v.too_short',
  max_length: 'v.too_long',
  length: 'v.invalid',
  digits: 'v.digits',
};

/**
 * The message key of one issue: the schema's own key, or, where the schema named none and valibot wrote its own text
 * (`Invalid format: Expected /^\d{1,6}$/ ...`), the key of the kind of check that failed, so no answer carries the
 * validator's internals.
 */
export function issueMessageKey(issue: v.BaseIssue<unknown>): string {
  // A strict object reports an unknown key as expecting 'never'.
  if ((issue.type === 'strict_object' || issue.type === 'never') && issue.expected === 'never') return 'v.unknown_field';
  if (MESSAGE_KEY_RE.test(issue.message)) return issue.message;
  return ISSUE_KEYS[issue.type] ?? 'v.invalid';
}

/**
 * Turns valibot issues into per-field lists of message keys. Issues without a path (a wrong body
 * type, an unknown key) land under `_root` or under the unknown key's own name.
 */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_root';
    const message = issueMessageKey(issue);
    if (!(out[key] ??= []).includes(message)) out[key].push(message);
  }
  return out;
}

/** A new session: the bearer token and how long it lives. */
export const tokenView = v.object({ access_token: v.string(), token_type: v.literal('Bearer'), expires_in: v.number() });
export const registeredView = v.object({ account: v.string() });
