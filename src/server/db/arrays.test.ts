import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { booleanArray, numberArray, rowsInItemOrder, textArray } from './arrays.ts';

// Booting PGlite (its WebAssembly PostgreSQL) takes seconds on a loaded two-core machine, more than a unit test's
// default five.
const PGLITE_BOOT_TIMEOUT_MS = 60_000;

describe('array literals', () => {
  it(
    'read back in PostgreSQL as the values given, quotes, backslashes, braces, commas, NULL and the empty text included',
    async () => {
      const values = ['plain', 'with "quotes"', 'back\\slash', '{braces},commas', '', null, 'NULL', '中文 ', "it's"];
      const pg = new PGlite();
      try {
        const res = await pg.query<{ v: Array<string | null> }>('select $1::text[] as v', [textArray(values)]);
        expect(res.rows[0]?.v).toEqual(values);
        const nums = await pg.query<{ v: string[] }>('select $1::bigint[]::text[] as v', [numberArray([1, 9007199254740993n, -4])]);
        expect(nums.rows[0]?.v).toEqual(['1', '9007199254740993', '-4']);
        const flags = await pg.query<{ v: boolean[] }>('select $1::boolean[] as v', [booleanArray([true, false, true])]);
        expect(flags.rows[0]?.v).toEqual([true, false, true]);
      } finally {
        await pg.close();
      }
    },
    PGLITE_BOOT_TIMEOUT_MS,
  );
});

describe('rowsInItemOrder', () => {
  it("puts each row at its item's place and leaves an item without a row undefined", () => {
    expect(
      rowsInItemOrder(
        [
          { o_index: 3, v: 'c' },
          { o_index: '1', v: 'a' },
        ],
        3,
      ),
    ).toEqual([{ o_index: '1', v: 'a' }, undefined, { o_index: 3, v: 'c' }]);
  });
});
