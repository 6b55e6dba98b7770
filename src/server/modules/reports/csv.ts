// CSV exports streamed with constant memory: rows come from an async source a batch at a time and leave as text
// chunks through a Readable, whose consumer (the HTTP response) pulls only as fast as the client reads, so a million
// rows never sit in memory together. UTF-8 with a byte-order mark, so spreadsheets open Chinese text correctly.
import { Readable } from 'node:stream';

/** The byte-order mark a UTF-8 CSV starts with. */
export const BOM = '\uFEFF';

/** A cell as CSV text: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string | number | null | undefined, text = false): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A column of an export: its heading and how a row fills it (text columns are defused against formulas). */
export interface CsvColumn<T> {
  heading: string;
  cell: (row: T) => string | number | null;
  text?: boolean;
}

export function csvLine<T>(columns: ReadonlyArray<CsvColumn<T>>, row: T): string {
  return `${columns.map((c) => csvCell(c.cell(row), c.text)).join(',')}\r\n`;
}

/** Streams the heading line, then every batch the source yields as one chunk. */
export function csvStream<T>(columns: ReadonlyArray<CsvColumn<T>>, batches: AsyncIterable<T[]>): Readable {
  async function* lines() {
    yield `${BOM}${columns.map((c) => csvCell(c.heading, true)).join(',')}\r\n`;
    for await (const batch of batches) {
      if (batch.length) yield batch.map((row) => csvLine(columns, row)).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/** The file name of an export: the report and its filters, only characters every system accepts. */
export function csvFileName(report: string, filters: Record<string, string | undefined>): string {
  const parts = [report, ...Object.values(filters).filter((v): v is string => !!v)];
  return `${parts.join('_').replace(/[^0-9A-Za-z._-]+/g, '-')}.csv`;
}
