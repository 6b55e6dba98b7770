// Every scheduled job the runner knows has a readable name on the system desk and in the audit log, in both
// languages, so a zh-TW operator never reads a job only by its code. A new job without a name fails here: add
// `bo.audit.n.job.<name>` to src/i18n/backoffice-audit-en.ts and -zh-TW.ts.
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../jobs/registry.ts';
import { boPickPrefix } from '../../../i18n/backoffice.ts';

describe('the names of scheduled jobs', () => {
  it('names every job of the registry in both languages', () => {
    const names = Object.values(JOBS).map((j) => j.name);
    expect(names.length).toBeGreaterThan(10);
    for (const locale of ['en', 'zh-TW'] as const) {
      const words = boPickPrefix(locale, 'bo.audit.n.job.');
      for (const name of names) expect(words[`bo.audit.n.job.${name}`], `${locale} ${name}`).toBeTruthy();
    }
  });
});
