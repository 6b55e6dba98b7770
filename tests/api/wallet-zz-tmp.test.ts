import { it } from 'vitest';
import * as v from 'valibot';
import { depositToPlatformBody } from '../../src/shared/schemas/wallet.ts';
import { issuesToFields } from '../../src/shared/schemas/auth.ts';
it('x', () => {
  for (const money of ['0', '0.00', '', ' ', 'abc', '-5', '1.234', '1e3', '12,000', '0x10', '1234567890123', 10, 10.5, null, true, ['10'], undefined]) {
    const r = v.safeParse(depositToPlatformBody, money === undefined ? {} : { money });
    console.log(JSON.stringify(money), r.success ? 'ok' : JSON.stringify(issuesToFields(r.issues)));
  }
});
