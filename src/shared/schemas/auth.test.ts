// Every rule of the account schemas (SPEC.md section 5) and the message key each one gives.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PHONE_RE, accountField, issuesToFields, loginSchema, passwordField, phoneField, registerSchema, sendPhoneSchema } from './auth.ts';
import { en } from '../../i18n/en.ts';
import { zhTW } from '../../i18n/zh-TW.ts';

/** The message keys a schema gives for an input, per field; undefined when it passes. */
function fields(schema: v.GenericSchema, input: unknown): Record<string, string[]> | undefined {
  const r = v.safeParse(schema, input);
  return r.success ? undefined : issuesToFields(r.issues);
}
/** The keys of a single field schema. */
function keys(schema: v.GenericSchema, input: unknown): string[] | undefined {
  return fields(schema, input)?._root;
}

const good = { account: 'player01', password: 'abc12345', password_confirm: 'abc12345', phone: '0912345678', code: '123456', agreement: true };
const all = registerSchema({ needSms: true, needAge: true });
const none = registerSchema({ needSms: false, needAge: false });

describe('account', () => {
  it('takes 6 to 12 letters and digits with at least one of each, trimmed', () => {
    for (const ok of ['abc123', 'ABCdef123456', 'a1b2c3', '1abcde', '  player01  ']) expect(keys(accountField, ok)).toBeUndefined();
    expect(v.parse(accountField, '  player01 ')).toBe('player01');
  });
  it('empty, blank or missing: v.account.required only', () => {
    for (const empty of ['', '   ', undefined]) expect(keys(accountField, empty)).toEqual(['v.account.required']);
  });
  it('wrong length, letters only, digits only or other characters: v.account.invalid only', () => {
    for (const bad of ['abc12', 'abcdef1234567', 'abcdefgh', '12345678', 'abc_123', 'abc-123', 'abc 123', 'ab測試123', 'ａｂｃ１２３']) {
      expect(keys(accountField, bad), bad).toEqual(['v.account.invalid']);
    }
  });
  it('not a string: v.type.string; over 64 characters: v.too_long', () => {
    for (const bad of [123456, null, true, ['abc123'], { a: 1 }]) expect(keys(accountField, bad)).toEqual(['v.type.string']);
    expect(keys(accountField, 'a1'.repeat(33))).toEqual(['v.too_long']);
  });
});

describe('password', () => {
  it('takes 6 to 12 letters and digits mixed, not trimmed', () => {
    for (const ok of ['abc123', 'Abcdef123456']) expect(keys(passwordField, ok)).toBeUndefined();
    expect(keys(passwordField, ' abc123')).toEqual(['v.password.invalid']);
  });
  it('empty: v.password.required only; bad: v.password.invalid only', () => {
    expect(keys(passwordField, '')).toEqual(['v.password.required']);
    expect(keys(passwordField, undefined)).toEqual(['v.password.required']);
    for (const bad of ['abc12', 'abcdef1234567', 'abcdefgh', '12345678', 'abc!234']) expect(keys(passwordField, bad), bad).toEqual(['v.password.invalid']);
    expect(keys(passwordField, 12345678)).toEqual(['v.type.string']);
    expect(keys(passwordField, 'a1'.repeat(40))).toEqual(['v.too_long']);
  });
});

describe('phone', () => {
  it('takes 09 and 8 more digits', () => {
    expect(keys(phoneField, '0912345678')).toBeUndefined();
    expect(PHONE_RE.test('0912345678')).toBe(true);
    for (const bad of ['0812345678', '091234567', '09123456789', '09-1234567', '+886912345', '09abcdefgh', '０９１２３４５６７８']) {
      expect(keys(phoneField, bad), bad).toEqual(['v.phone.invalid']);
    }
    expect(keys(phoneField, '')).toEqual(['v.phone.required']);
    expect(keys(phoneField, 912345678)).toEqual(['v.type.string']);
  });
});

describe('registerSchema', () => {
  it('passes a complete form and drops nothing', () => {
    expect(fields(all, good)).toBeUndefined();
    expect(v.parse(all, { ...good, recommended_code: ' AB12 ' })).toEqual({ ...good, recommended_code: 'AB12' });
  });

  it('password_confirm: required when empty, different when not equal, nothing more', () => {
    expect(fields(all, { ...good, password_confirm: '' })).toEqual({ password_confirm: ['v.password_confirm.required'] });
    expect(fields(all, { ...good, password_confirm: 'abc12346' })).toEqual({ password_confirm: ['v.password_confirm.different'] });
    expect(fields(all, { ...good, password: 'xyz12345' })).toEqual({ password_confirm: ['v.password_confirm.different'] });
  });

  it('code with needSms: required, six digits', () => {
    expect(fields(all, { ...good, code: '' })).toEqual({ code: ['v.code.required'] });
    const { code: _, ...noCode } = good;
    expect(fields(all, noCode)).toEqual({ code: ['v.code.required'] });
    for (const bad of ['12345', '1234567', '12a456', ' 12 34 ']) expect(fields(all, { ...good, code: bad }), bad).toEqual({ code: ['v.code.invalid'] });
    expect(fields(all, { ...good, code: ' 123456 ' })).toBeUndefined();
  });

  it('code without needSms: optional and unchecked beyond its type and length', () => {
    const { code: _, ...noCode } = good;
    expect(fields(none, noCode)).toBeUndefined();
    expect(fields(none, { ...good, code: '' })).toBeUndefined();
    expect(fields(none, { ...good, code: 'abc' })).toBeUndefined();
    expect(fields(none, { ...good, code: 123 })).toEqual({ code: ['v.type.string'] });
  });

  it('agreement with needAge: must be true', () => {
    const { agreement: _, ...noAgreement } = good;
    for (const bad of [false, 'true', 1, null]) expect(fields(all, { ...good, agreement: bad })).toEqual({ agreement: ['v.agreement.required'] });
    expect(fields(all, noAgreement)).toEqual({ agreement: ['v.agreement.required'] });
  });

  it('agreement without needAge: optional boolean', () => {
    const { agreement: _, ...noAgreement } = good;
    expect(fields(none, noAgreement)).toBeUndefined();
    expect(fields(none, { ...good, agreement: false })).toBeUndefined();
    expect(fields(none, { ...good, agreement: 'yes' })).toEqual({ agreement: ['v.type.boolean'] });
  });

  it('recommended_code: optional letters and digits, at most 16', () => {
    expect(fields(all, { ...good, recommended_code: '' })).toBeUndefined();
    expect(fields(all, { ...good, recommended_code: 'AB-12' })).toEqual({ recommended_code: ['v.recommend_code.invalid'] });
    expect(fields(all, { ...good, recommended_code: 'A'.repeat(17) })).toEqual({ recommended_code: ['v.too_long'] });
    expect(fields(all, { ...good, recommended_code: 5 })).toEqual({ recommended_code: ['v.type.string'] });
  });

  it('an unknown key: v.unknown_field under its own name', () => {
    expect(fields(all, { ...good, admin: true })).toEqual({ admin: ['v.unknown_field'] });
  });

  it('a body that is not an object: v.type.object under _root', () => {
    for (const bad of [null, 'x', 42, undefined]) expect(fields(all, bad)).toEqual({ _root: ['v.type.object'] });
  });

  it('every field wrong at once: one key per field', () => {
    expect(fields(all, { account: '', password: '', password_confirm: '', phone: '', code: '', agreement: false })).toEqual({
      account: ['v.account.required'],
      password: ['v.password.required'],
      password_confirm: ['v.password_confirm.required'],
      phone: ['v.phone.required'],
      code: ['v.code.required'],
      agreement: ['v.agreement.required'],
    });
    expect(fields(all, {})).toEqual({
      account: ['v.account.required'],
      password: ['v.password.required'],
      password_confirm: ['v.password_confirm.required'],
      phone: ['v.phone.required'],
      code: ['v.code.required'],
      agreement: ['v.agreement.required'],
    });
  });
});

describe('loginSchema', () => {
  it('takes an account or a phone and a password; rememberAccount is optional', () => {
    expect(fields(loginSchema, { account: 'player01', password: 'abc12345' })).toBeUndefined();
    expect(fields(loginSchema, { account: '0912345678', password: 'abc12345', rememberAccount: true })).toBeUndefined();
    expect(v.parse(loginSchema, { account: ' player01 ', password: 'x1' })).toEqual({ account: 'player01', password: 'x1' });
  });
  it('gives the login messages', () => {
    expect(fields(loginSchema, { account: '', password: '' })).toEqual({ account: ['v.login.account.required'], password: ['v.login.password.required'] });
    expect(fields(loginSchema, {})).toEqual({ account: ['v.login.account.required'], password: ['v.login.password.required'] });
    expect(fields(loginSchema, { account: 'play-er', password: 'abc 123' })).toEqual({
      account: ['m_login_enter_number_letter'],
      password: ['v.login.password.letters_digits'],
    });
    expect(fields(loginSchema, { account: 'player01', password: 'abc12345', rememberAccount: 'yes' })).toEqual({ rememberAccount: ['v.type.boolean'] });
    expect(fields(loginSchema, { account: 'player01', password: 'abc12345', extra: 1 })).toEqual({ extra: ['v.unknown_field'] });
    expect(fields(loginSchema, { account: 'x'.repeat(65), password: 'abc12345' })).toEqual({ account: ['v.too_long'] });
  });
});

describe('sendPhoneSchema', () => {
  it('empty or missing: confirm_enter_phone; wrong: v.phone.invalid', () => {
    expect(fields(sendPhoneSchema, { phone: '0912345678' })).toBeUndefined();
    expect(fields(sendPhoneSchema, { phone: '' })).toEqual({ phone: ['confirm_enter_phone'] });
    expect(fields(sendPhoneSchema, {})).toEqual({ phone: ['confirm_enter_phone'] });
    expect(fields(sendPhoneSchema, { phone: '0812345678' })).toEqual({ phone: ['v.phone.invalid'] });
    expect(fields(sendPhoneSchema, { phone: null })).toEqual({ phone: ['v.type.string'] });
  });
});

describe('issuesToFields', () => {
  it('joins nested paths with dots and keeps each key once', () => {
    const schema = v.object({ a: v.object({ b: v.pipe(v.string('k1'), v.minLength(3, 'k2'), v.minLength(4, 'k2')) }) });
    expect(fields(schema, { a: { b: 'x' } })).toEqual({ 'a.b': ['k2'] });
    expect(fields(schema, { a: { b: 1 } })).toEqual({ 'a.b': ['k1'] });
  });
});

describe('message keys', () => {
  const used = [
    'v.type.string',
    'v.type.boolean',
    'v.type.object',
    'v.too_long',
    'v.unknown_field',
    'v.account.required',
    'v.account.invalid',
    'v.password.required',
    'v.password.invalid',
    'v.password_confirm.required',
    'v.password_confirm.different',
    'v.phone.required',
    'v.phone.invalid',
    'v.code.required',
    'v.code.invalid',
    'v.code.not_requested',
    'v.code.wrong',
    'v.agreement.required',
    'v.recommend_code.invalid',
    'v.recommend_code.unknown',
    'v.account.taken',
    'v.phone.taken',
    'v.register.ip_limit',
    'v.login.account.required',
    'v.login.password.required',
    'v.login.password.letters_digits',
    'm_login_enter_number_letter',
    'confirm_enter_phone',
  ];
  it('every key the schemas and the auth service give exists in English and in Traditional Chinese', () => {
    for (const key of used) {
      expect(en, key).toHaveProperty([key]);
      expect(zhTW, key).toHaveProperty([key]);
    }
  });
  it('the Chinese texts are the ones SPEC.md section 5 gives', () => {
    expect(zhTW['v.account.required']).toBe('請輸入帳號');
    expect(zhTW['v.account.invalid']).toBe('請輸入6至12位包含字母與數字的帳號名稱');
    expect(zhTW['v.password.required']).toBe('請輸入密码');
    expect(zhTW['v.password.invalid']).toBe('請輸入6至12個英數混和字');
    expect(zhTW['v.password_confirm.required']).toBe('請輸入確認密码');
    expect(zhTW['v.password_confirm.different']).toBe('必須與密碼相同');
    expect(zhTW['v.code.required']).toBe('請輸入驗證碼');
    expect(zhTW['v.code.not_requested']).toBe('請獲取驗證碼');
    expect(zhTW['v.agreement.required']).toBe('請勾選我已年滿18歲，並同意投注相關規範以及服務條款');
    expect(en['v.login.account.required']).toBe('Please enter account number or mobile phone');
    expect(en['v.login.password.required']).toBe('Please enter password');
  });
});
