import { describe, expect, it } from 'vitest';
import { givenFields } from './patch.ts';

describe('givenFields', () => {
  it('keeps the given fields under their column names and leaves out the missing ones', () => {
    const input: { front_show?: number; status?: number; sort?: number } = { front_show: 0, sort: 3 };
    expect(givenFields(input, { front_show: 'frontShow', status: 'status', sort: 'sort' })).toEqual({ frontShow: 0, sort: 3 });
  });
  it('keeps falsy values that were given (0, empty text, false, null) and drops only undefined', () => {
    const input = { a: 0, b: '', c: false, d: null, e: undefined };
    expect(givenFields(input, { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e' })).toEqual({ a: 0, b: '', c: false, d: null });
  });
  it('gives an empty patch when nothing was given', () => {
    expect(givenFields({} as { status?: number }, { status: 'status' })).toEqual({});
  });
});
