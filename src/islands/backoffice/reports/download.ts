// Downloads a report's CSV export: the file is streamed by the server and saved under the name it gives (the report
// and its filters), with the staff member's token, which a plain link could not send.
import { resolveRoute } from '../../../shared/api/contract.ts';
import type { BackofficeRoutes } from '../../../shared/api/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { $boToken } from '../../../stores/backoffice.ts';

type ExportRoute = Extract<keyof BackofficeRoutes, `GET ${string}/export`>;

/** The file name of a Content-Disposition header, or the fallback. */
function fileNameOf(header: string | null, fallback: string): string {
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  const plain = header && /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1]! : fallback;
}

export async function downloadCsv(route: ExportRoute, query: Record<string, string>, locale: Locale): Promise<void> {
  const target = resolveRoute(route, {});
  const url = `/api/backoffice${target.path}?${new URLSearchParams(query).toString()}`;
  const token = $boToken.get();
  const res = await fetch(url, { headers: { 'x-locale': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(res.headers.get('content-disposition'), 'report.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
