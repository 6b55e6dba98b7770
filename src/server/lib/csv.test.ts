import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvLine, csvText, type CsvColumn } from './csv.ts';
import { dailyColumns, paymentColumns, retentionColumns } from '../modules/reports/exports.ts';
import type { DailyRowView, RetentionCohortView } from '../../shared/schemas/backoffice/reports.ts';

describe('the CSV writer', () => {
  it('neutralises every cell a spreadsheet would run as a formula, in any column', () => {
    for (const kind of ['text', 'number', 'percent', 'phone', 'datetime'] as const) {
      expect(csvCell('=HYPERLINK("x")', kind)).toBe(`"'=HYPERLINK(""x"")"`);
      expect(csvCell('+SUM(A1)', kind)).toBe("'+SUM(A1)");
      expect(csvCell('-2+3', kind)).toBe("'-2+3");
      expect(csvCell('@cmd', kind)).toBe("'@cmd");
      expect(csvCell('\t=1', kind)).toBe("'\t=1");
      expect(csvCell('\r=1', kind)).toBe(`"'\r=1"`);
    }
    // A plain number is not a formula: a negative amount stays a number.
    expect(csvCell('-12.50', 'number')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('plain')).toBe('plain');
  });

  it('quotes commas, quotes and line breaks, and writes nothing for no value', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined, 'datetime')).toBe('');
  });

  it('writes instants in Taipei time as YYYY-MM-DD HH:mm:ss, from a Date or ISO text', () => {
    expect(csvCell(new Date('2026-03-04T16:30:05.123Z'), 'datetime')).toBe('2026-03-05 00:30:05');
    expect(csvCell('2026-03-04T16:30:05.123Z', 'datetime')).toBe('2026-03-05 00:30:05');
    expect(csvCell(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
  });

  it('writes phones as text that keeps the leading 0, and shares as percentages', () => {
    expect(csvCell('0912345678', 'phone')).toBe('\t0912345678');
    expect(csvCell('+886912345678', 'phone')).toBe('\t+886912345678');
    expect(csvCell('12.50', 'percent')).toBe('12.50%');
    expect(csvCell('-3.25', 'percent')).toBe('-3.25%');
    expect(csvCell(null, 'percent')).toBe('');
  });

  it('writes a whole small file with the byte-order mark, a kind chosen row by row, and CRLF line ends', () => {
    const columns: Array<CsvColumn<[string, string, 'percent'?]>> = [
      { heading: 'line', cell: ([l]) => l },
      { heading: 'value', cell: ([, v]) => v, kind: ([, , k]) => k ?? 'text' },
    ];
    expect(
      csvText(columns, [
        ['rate_pct', '35.00', 'percent'],
        ['override:=cmd', '=1+1'],
        ['ngr', '-5.00'],
      ]),
    ).toBe(`${BOM}line,value\r\nrate_pct,35.00%\r\noverride:=cmd,'=1+1\r\nngr,-5.00\r\n`);
  });

  it("marks the reports' shares as percentages in their exports", () => {
    const daily = dailyColumns('en');
    const row = { day: '2026-03-05', ggr_pct: '12.34', ggr: '-1.00' } as unknown as DailyRowView;
    const cells = csvLine(daily, row).trim().split(',');
    expect(cells[daily.findIndex((c) => c.heading === 'GGR %')]).toBe('12.34%');
    const retention = retentionColumns('en', 1);
    const cohort = {
      week_start: '2026-03-02',
      players: 4,
      converted: 1,
      conversion_pct: '25.00',
      converted_7d: 1,
      conversion_7d_pct: '25.00',
      cells: [{ week: 0, active_pct: '50.00', depositing_pct: '0.00' }],
    };
    expect(csvLine(retention, cohort as unknown as RetentionCohortView).trim()).toBe('2026-03-02,4,1,25.00%,1,25.00%,50.00%,0.00%');
    expect(paymentColumns('en').filter((c) => c.kind === 'percent')).toHaveLength(1);
  });
});

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? serverFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one CSV writer', () => {
  it('is the only server code that writes CSV: every file answering text/csv builds it with this writer', () => {
    const answering = serverFiles('src/server').filter((f) => readFileSync(f, 'utf8').includes('text/csv'));
    expect(answering.length).toBeGreaterThanOrEqual(2);
    for (const file of answering) expect(readFileSync(file, 'utf8'), file).toMatch(/from '(\.\.\/)+lib\/csv\.ts'/);
    // A byte-order mark written anywhere else would be a second writer's.
    const boms = serverFiles('src/server').filter((f) => /\\uFEFF|\uFEFF/.test(readFileSync(f, 'utf8')));
    expect(boms).toEqual(['src/server/lib/csv.ts']);
  });
});
