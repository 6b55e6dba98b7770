// Marketing material: the banners operators upload, in their sizes, each with the partner's own link to put under it.
import { useState } from 'react';
import { PORTAL_KEYS, Portal, State, fill, ui, useAgentData, type AgentIslandProps, type PortalT } from './common.tsx';
import type { AgentMe } from './api.ts';

export const MATERIALS_KEYS = [
  ...PORTAL_KEYS,
  'agent.mat.intro',
  'agent.mat.size',
  'agent.mat.empty',
  'agent.mat.download',
  'agent.mat.html',
  'agent.mat.copy',
  'agent.mat.copied',
] as const;
type K = (typeof MATERIALS_KEYS)[number];
type T = AgentIslandProps<K>['t'];

export default function Materials({ t, locale, variant }: AgentIslandProps<K>) {
  return (
    <Portal t={t} locale={locale} variant={variant}>
      {(me) => <Body t={t} me={me} />}
    </Portal>
  );
}

/** The snippet a partner pastes into a web page: the banner, linked through the partner's tracking link. */
function snippet(link: string, url: string, width: number, height: number, title: string): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const abs = url.startsWith('/') && typeof window !== 'undefined' ? `${window.location.origin}${url}` : url;
  return `<a href="${attr(link)}"><img src="${attr(abs)}" width="${width}" height="${height}" alt="${attr(title)}"></a>`;
}

function Body({ t, me }: { t: T; me: AgentMe }) {
  const list = useAgentData('GET /materials', t as PortalT);
  const [copied, setCopied] = useState<number | null>(null);
  return (
    <div className="max-w-[1200px] space-y-4">
      <p className="text-sm text-slate-600">{t['agent.mat.intro']}</p>
      <State t={t} loading={list.loading} error={list.error} retry={list.reload} empty={list.data?.length === 0} emptyText={t['agent.mat.empty']}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="materials">
          {(list.data ?? []).map((m) => {
            const code = snippet(me.link, m.url, m.width, m.height, m.title);
            return (
              <li key={m.id} className={ui.card} data-testid="material">
                <div className="mb-2 flex items-center justify-center overflow-hidden rounded bg-slate-50 p-2">
                  <img src={m.url} alt={m.title} width={m.width} height={m.height} loading="lazy" className="h-auto max-h-48 max-w-full object-contain" />
                </div>
                <p className="font-medium">{m.title}</p>
                <p className="text-xs text-slate-500">{fill(t['agent.mat.size'], { width: m.width, height: m.height })}</p>
                <label className="mt-2 block text-xs text-slate-600">
                  {t['agent.mat.html']}
                  <textarea readOnly value={code} rows={3} className="mt-1 w-full rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs" />
                </label>
                <div className="mt-2 flex gap-2">
                  <a href={m.url} download className={ui.btnGhost}>
                    {t['agent.mat.download']}
                  </a>
                  <button
                    type="button"
                    className={ui.btnGhost}
                    onClick={() => {
                      void navigator.clipboard?.writeText(code).then(
                        () => setCopied(m.id),
                        () => undefined,
                      );
                    }}
                  >
                    {copied === m.id ? t['agent.mat.copied'] : t['agent.mat.copy']}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </State>
    </div>
  );
}
