import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { numberArray, textArray } from './arrays.ts';

describe('array literals', () => {
  it('read back in PostgreSQL as the values given, quotes, backslashes, braces, commas, NULL and the empty text included', async () => {
    const values = ['plain', 'with "quotes"', 'back\\slash', '{braces},commas', '', null, 'NULL', '中文 ', "it's"];
    const pg = new PGlite();
    try {
      const res = await pg.query<{ v: Array<string | null> }>('select $1::text[] as v', [textArray(values)]);
      expect(res.rows[0]?.v).toEqual(values);
      const nums = await pg.query<{ v: string[] }>('select $1::bigint[]::text[] as v', [numberArray([1, 9007199254740993n, -4])]);
      expect(nums.rows[0]?.v).toEqual(['1', '9007199254740993', '-4']);
    } finally {
      await pg.close();
    }
  });
});
