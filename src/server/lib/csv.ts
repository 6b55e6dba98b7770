// The one CSV writer of the product: every export (the reports, the player list, a partner's statement) goes through
// it, so every file is written the same way. UTF-8 with a byte-order mark (spreadsheets then open Chinese text
// correctly), CRLF line ends, and each cell written by its column's kind:
// - text: any cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is
//   neutralised with a leading apostrophe, whatever column it is in; only a plain number is left as it is;
// - datetime: Taipei time as YYYY-MM-DD HH:mm:ss (an export is read by people in Taipei, and a UTC instant would put an
//   early-morning sign-up into the previous day);
// - phone: a tab before the digits, so a spreadsheet keeps the number as text with its leading 0;
// - percent: the figure with a % sign, so a spreadsheet reads 12.50 as 12.50 % and not as twelve and a half.
// Long exports stream with constant memory: rows come from an async source a batch at a time and leave as text chunks
// through a Readable, whose consumer (the HTTP response) pulls only as fast as the client reads.
import { Readable } from 'node:stream';
import { taipeiDateTime } from '../../shared/time.ts';

/** The byte-order mark a UTF-8 CSV starts with. */
export const BOM = '\uFEFF';

/** How a column's cells are written (see the top of this file). */
export type CsvKind = 'text' | 'number' | 'datetime' | 'phone' | 'percent';
export type CsvValue = string | number | bigint | Date | null | undefined;

/**
 * A column of an export: its heading, how a row fills it, and how the cell is written (text by default; a list of
 * labelled lines, like a statement, may choose the kind row by row).
 */
export interface CsvColumn<T> {
  heading: string;
  cell: (row: T) => CsvValue;
  kind?: CsvKind | ((row: T) => CsvKind);
}

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (a count or a decimal amount, negative or not): the only cell that may start with a minus. */
export const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** An instant as ISO text, as the API's views write it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A phone number as players enter it: digits, perhaps a leading + and separators. */
export const PHONE = /^\+?[\d -]{1,24}$/;

/** A text cell with any formula neutralised. */
function guarded(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/** A datetime cell in Taipei time; an instant given as text (ISO) is read first, other text is written as text. */
function dateTimeText(value: string | number | Date): string {
  // Only ISO text is read as an instant: Date.parse takes almost anything ('\t=1' is a date to it).
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : ISO_INSTANT.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? guarded(String(value)) : taipeiDateTime(ms);
}

/** The cell's text before quoting (the XLSX writer, lib/export-writer.ts, writes the same text into its cells). */
export function cellText(value: Exclude<CsvValue, null | undefined>, kind: CsvKind): string {
  if (kind === 'datetime' && typeof value !== 'bigint') return dateTimeText(value);
  const s = value instanceof Date ? taipeiDateTime(value) : String(value);
  if (s === '') return s;
  if (kind === 'phone' && PHONE.test(s)) return `\t${s}`;
  if (kind === 'percent' && PLAIN_NUMBER.test(s)) return `${s}%`;
  return guarded(s);
}

/** A cell as CSV text: written by its kind, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue, kind: CsvKind = 'text'): string {
  if (value === null || value === undefined) return '';
  const s = cellText(value, kind);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine<T>(columns: ReadonlyArray<CsvColumn<T>>, row: T): string {
  return `${columns.map((c) => csvCell(c.cell(row), typeof c.kind === 'function' ? c.kind(row) : c.kind)).join(',')}\r\n`;
}

/** The heading line, with the byte-order mark the file starts with. */
export function csvHeading<T>(columns: ReadonlyArray<CsvColumn<T>>): string {
  return `${BOM}${columns.map((c) => csvCell(c.heading)).join(',')}\r\n`;
}

/** Streams the heading line, then every batch the source yields as one chunk. */
export function csvStream<T>(columns: ReadonlyArray<CsvColumn<T>>, batches: AsyncIterable<T[]>): Readable {
  async function* lines() {
    yield csvHeading(columns);
    for await (const batch of batches) {
      if (batch.length) yield batch.map((row) => csvLine(columns, row)).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/** A small file written whole (a statement of a few dozen lines): the same heading and cells as a stream. */
export function csvText<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: readonly T[]): string {
  return csvHeading(columns) + rows.map((row) => csvLine(columns, row)).join('');
}

/** The file name of an export: the report and its filters, only characters every system accepts. */
export function csvFileName(report: string, filters: Record<string, string | undefined>): string {
  const parts = [report, ...Object.values(filters).filter((v): v is string => !!v)];
  return `${parts.join('_').replace(/[^0-9A-Za-z._-]+/g, '-')}.csv`;
}
