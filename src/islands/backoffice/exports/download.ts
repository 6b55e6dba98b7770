// Downloads a finished export: the server streams the file with the staff member's token (which a plain link could
// not send) and names it; the browser saves it under that name.
import { resolveRoute } from '../../../shared/api/contract.ts';
import type { Locale } from '../../../shared/constants.ts';
import { $boToken } from '../../../stores/backoffice.ts';
import { BoFailure } from '../kit/api.ts';

/** The file name of a Content-Disposition header, or the fallback. */
function fileNameOf(header: string | null, fallback: string): string {
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = header && /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : fallback;
}

export async function downloadExport(id: number, locale: Locale): Promise<void> {
  const target = resolveRoute('GET /exports/:id/download', { id });
  const token = $boToken.get();
  const res = await fetch(`/api/backoffice${target.path}`, { headers: { 'x-locale': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : String(res.status);
    throw new BoFailure(res.status, undefined, message);
  }
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(res.headers.get('content-disposition'), `export-${id}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
