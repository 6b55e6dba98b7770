// The one writer of the export centre: a grid's columns (the same CsvColumn definitions the CSV exports use) written
// as CSV or as XLSX, a batch of rows at a time, into memory bounded by a size limit. Both formats write every cell
// through csv.ts's cellText, so the formula guard, Taipei time, phones and percentages are the same in both: an XLSX
// cell holds the text the CSV would hold (numbers as numbers), except that a phone needs no leading tab there (an
// XLSX text cell keeps its leading 0 by itself). The XLSX file is written by exceljs's streaming writer, so a row
// leaves memory once its batch is committed; only the compressed file is held until it is stored.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../shared/schemas/backoffice/exports.ts';
import { PHONE, PLAIN_NUMBER, cellText, csvHeading, csvLine, type CsvColumn, type CsvKind, type CsvValue } from './csv.ts';

export type { ExportFormat };

/** A number a spreadsheet holds exactly (larger ones, like long ids, stay text). */
const SAFE_DIGITS = 15;

/** Thrown when a file grows past its size limit. */
export class ExportTooLarge extends Error {
  constructor() {
    super('export_too_large');
  }
}

export interface SheetWriter<T> {
  /** Writes a batch of rows. */
  write(rows: readonly T[]): Promise<void>;
  /** Ends the file and answers its bytes. */
  end(): Promise<Buffer>;
}

const kindOf = <T>(c: CsvColumn<T>, row: T): CsvKind => (typeof c.kind === 'function' ? c.kind(row) : (c.kind ?? 'text'));

/** A cell as the XLSX file holds it: the CSV's text, a plain number as a number, a phone as its digits. */
export function xlsxCell(value: CsvValue, kind: CsvKind): string | number | null {
  if (value === null || value === undefined) return null;
  const s = value instanceof Date ? '' : String(value);
  if (kind === 'number' && PLAIN_NUMBER.test(s) && s.replace(/[-.]/g, '').length <= SAFE_DIGITS) return Number(s);
  if (kind === 'phone' && PHONE.test(s)) return s;
  return cellText(value, kind);
}

/** Collects a stream's chunks up to the limit. */
function boundedSink(maxBytes: number): { stream: PassThrough; bytes(): Buffer; failed(): Error | undefined } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  let size = 0;
  let error: Error | undefined;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) error ??= new ExportTooLarge();
    else chunks.push(chunk);
  });
  return { stream, bytes: () => Buffer.concat(chunks), failed: () => error };
}

function csvWriter<T>(columns: ReadonlyArray<CsvColumn<T>>, maxBytes: number): SheetWriter<T> {
  const parts: Buffer[] = [Buffer.from(csvHeading(columns))];
  let size = parts[0].length;
  return {
    async write(rows) {
      const chunk = Buffer.from(rows.map((row) => csvLine(columns, row)).join(''));
      size += chunk.length;
      if (size > maxBytes) throw new ExportTooLarge();
      parts.push(chunk);
    },
    async end() {
      return Buffer.concat(parts);
    },
  };
}

function xlsxWriter<T>(columns: ReadonlyArray<CsvColumn<T>>, maxBytes: number, sheetName: string): SheetWriter<T> {
  const sink = boundedSink(maxBytes);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Export');
  sheet.addRow(columns.map((c) => cellText(c.heading, 'text'))).commit();
  const check = () => {
    const error = sink.failed();
    if (error) throw error;
  };
  return {
    async write(rows) {
      for (const row of rows) sheet.addRow(columns.map((c) => xlsxCell(c.cell(row), kindOf(c, row)))).commit();
      check();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      check();
      return sink.bytes();
    },
  };
}

/** The writer of one export file. */
export function sheetWriter<T>(format: ExportFormat, columns: ReadonlyArray<CsvColumn<T>>, opts: { maxBytes: number; sheetName: string }): SheetWriter<T> {
  return format === 'xlsx' ? xlsxWriter(columns, opts.maxBytes, opts.sheetName) : csvWriter(columns, opts.maxBytes);
}
