// What the export centre (reports/export-centre) needs of a grid: its key, the read permission of the grid's page,
// the schema of its filters (the grid's own list query without paging), its columns in the requester's language, and
// a read of one page of its rows in the grid's own order. The composition root (src/server/export-grids.ts) lists
// every grid; each domain writes its grids' entries in its own folder, reading through its own service, so the centre
// never reaches a table that is not its own and a new grid is one entry. It lives here, below the domains, so a domain
// that offers a grid does not import the reports domain.
import type * as v from 'valibot';
import type { FastifyContextConfig } from 'fastify';
import type { CsvColumn } from './csv.ts';
import { parseOrThrow } from './validation.ts';
import type { Locale } from '../../shared/constants.ts';
import type { ExportGridKey } from '../../shared/schemas/backoffice/exports.ts';

/** A staff permission, as a back-office route's `config.staff` names it. */
type Permission = Exclude<NonNullable<FastifyContextConfig['staff']>, 'public'>;

/** Who asked for the export: a grid may show a role less (the last four digits of a card). */
export interface ExportViewer {
  staffId: number;
  role: string;
}

export interface ExportPage {
  page: number;
  pageSize: number;
}

export interface ExportGrid<S extends v.GenericSchema = v.GenericSchema, R = unknown> {
  key: ExportGridKey;
  /** The permission that reads the grid on its page; exporting it needs the same. */
  permission: Permission;
  /** The grid's filters as the back office sends them (query text). */
  params: S;
  /** The file's name before its date and extension, e.g. `deposits`. */
  fileName: string;
  columns(locale: Locale): Array<CsvColumn<R>>;
  /** One page of rows, in the grid's order, and how many rows the filters match in all. */
  read(params: v.InferOutput<S>, page: ExportPage, viewer: ExportViewer): Promise<{ rows: R[]; total: number }>;
}

/** Hands a grid's columns and page reads to the writer, whatever the grid's row type. */
export type UseGrid<Out> = <R>(columns: ReadonlyArray<CsvColumn<R>>, read: (page: ExportPage) => Promise<{ rows: R[]; total: number }>) => Promise<Out>;

/** A grid as the centre holds it, its row type kept inside (each grid's rows are their own). */
export interface RegisteredGrid {
  key: ExportGridKey;
  permission: Permission;
  fileName: string;
  /** Checks the filters by the grid's schema (a validation error names the wrong ones). */
  check(params: Record<string, string>): void;
  run<Out>(params: Record<string, string>, viewer: ExportViewer, locale: Locale, use: UseGrid<Out>): Promise<Out>;
}

export function exportGrid<S extends v.GenericSchema, R>(grid: ExportGrid<S, R>): RegisteredGrid {
  return {
    key: grid.key,
    permission: grid.permission,
    fileName: grid.fileName,
    check: (params) => void parseOrThrow(grid.params, params),
    run: (params, viewer, locale, use) => {
      const parsed = parseOrThrow(grid.params, params);
      return use(grid.columns(locale), (page) => grid.read(parsed, page, viewer));
    },
  };
}

/** The grids by key. */
export type ExportGrids = ReadonlyMap<ExportGridKey, RegisteredGrid>;

/** The registry from a list of entries. */
export function gridRegistry(grids: RegisteredGrid[]): ExportGrids {
  return new Map(grids.map((g) => [g.key, g]));
}
