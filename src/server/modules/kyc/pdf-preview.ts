// A statement sent as PDF is rendered once, at upload, to one PNG picture of its first pages, and staff see only that
// picture: a PDF opened in a staff browser is a program the player wrote (scripts, forms, links), a picture is not.
// Rendering uses pdf.js (its Node build, with scripting and eval off) drawing on @napi-rs/canvas, both from npm, so a
// fresh machine needs no system library. A PDF that cannot be rendered within the limits is refused at upload.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';

/** Pages the picture shows at most; a statement's first pages carry the name, the address and the period. */
export const PDF_PREVIEW_PAGES_MAX = 3;
/** The width each page is drawn at, in pixels; wide enough to read a statement's small print. */
const PAGE_WIDTH_PX = 1000;
/** A page taller than this (a long receipt roll) is drawn smaller so the picture stays bounded. */
const PAGE_HEIGHT_MAX_PX = 1600;
/** Rendering gives up after this long: a PDF built to be slow must not hold the upload. */
export const PDF_RENDER_TIMEOUT_MS = 10_000;
/** Pictures inside the PDF larger than this many pixels are skipped by pdf.js rather than decoded. */
const EMBEDDED_IMAGE_MAX_PIXELS = 16_000_000;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export class PdfRenderError extends Error {}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | undefined;
/** pdf.js is loaded on the first statement, not at start: most instances never render one. */
const pdfjs = () => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Renders the first pages of a PDF into one PNG, pages one under the other; throws PdfRenderError when it cannot. */
export async function renderPdfPreview(pdf: Buffer, timeoutMs = PDF_RENDER_TIMEOUT_MS): Promise<Buffer> {
  const { getDocument, VerbosityLevel } = await pdfjs();
  const task = getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: EMBEDDED_IMAGE_MAX_PIXELS,
    verbosity: VerbosityLevel.ERRORS,
    stopAtErrors: true,
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}/`,
    cMapUrl: `${path.join(pdfjsRoot, 'cmaps')}/`,
    cMapPacked: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfRenderError('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([drawPages(task.promise), timeout]);
  } catch (err) {
    throw err instanceof PdfRenderError ? err : new PdfRenderError(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
    // Stops a render still running after the timeout and frees the document's memory either way.
    await task.destroy().catch(() => undefined);
  }
}

type Doc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

async function drawPages(opened: Promise<Doc>): Promise<Buffer> {
  const doc = await opened;
  const pages: Canvas[] = [];
  for (let n = 1; n <= Math.min(doc.numPages, PDF_PREVIEW_PAGES_MAX); n++) {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(PAGE_WIDTH_PX / base.width, PAGE_HEIGHT_MAX_PX / base.height);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    // A statement's paper is white; the canvas starts transparent.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types the DOM canvas; @napi-rs/canvas implements the same drawing API.
    await page.render({ canvas: null, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
    page.cleanup();
    pages.push(canvas);
  }
  if (!pages.length) throw new PdfRenderError('no pages');
  const width = Math.max(...pages.map((c) => c.width));
  const sheet = createCanvas(
    width,
    pages.reduce((h, c) => h + c.height, 0),
  );
  const ctx = sheet.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, sheet.width, sheet.height);
  let y = 0;
  for (const c of pages) {
    ctx.drawImage(c, 0, y);
    y += c.height;
  }
  return sheet.encode('png');
}
