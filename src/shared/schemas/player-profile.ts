// The back-office player profile: what the player page shows about who the player is, and the
// operator's two changes to it, enabling or disabling the account and editing the personal details. Each change
// carries a reason, which goes into the audit log. Messages are i18n keys.
import * as v from 'valibot';
import { PHONE_RE } from './auth.ts';
import { PLAYER_STATUS } from '../statuses.ts';

const reason = v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.account.reason_required'), v.maxLength(200, 'v.too_long'));

export const PLAYER_ACTIVE = PLAYER_STATUS.active;
export const PLAYER_DISABLED = PLAYER_STATUS.disabled;

export const playerStatusBody = v.strictObject(
  {
    enabled: v.boolean('v.type.boolean'),
    reason,
  },
  'v.type.object',
);

/**
 * The same rules as the player's own form, plus the phone: an empty phone removes it, none at all keeps the one on file
 * (a reader who sees it masked leaves it out).
 */
export const playerProfileBody = v.strictObject(
  {
    real_name: v.pipe(v.string('v.type.string'), v.trim(), v.nonEmpty('bo.pp.real_name_required'), v.maxLength(40, 'v.too_long')),
    gender: v.picklist(['male', 'female', 'other'], 'bo.pp.gender_required'),
    birthday: v.pipe(v.string('v.type.string'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'bo.pp.birthday_required')),
    phone: v.optional(
      v.config(
        v.pipe(
          v.string('v.type.string'),
          v.trim(),
          v.maxLength(10, 'bo.pp.phone_invalid'),
          v.check((s) => s === '' || PHONE_RE.test(s), 'bo.pp.phone_invalid'),
        ),
        { abortPipeEarly: true },
      ),
    ),
    reason,
  },
  'v.type.object',
);

// The profile's answer is playerProfileView in ./backoffice/players.ts, beside the other player-page answers.
