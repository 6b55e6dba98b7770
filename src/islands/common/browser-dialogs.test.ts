// The site shows its own dialog (DialogHost's showAlert/showConfirm, the back office's ConfirmDialog and useConfirm),
// never the browser's alert(), confirm() or prompt(): those are English-titled on a zh-TW page, block the page and
// cannot be styled or tested. This reads every screen's source, player site and back office alike.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREEN_DIRS = ['islands', 'components', 'pages', 'layouts', 'stores', 'lib'];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|astro)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The browser's own dialogs called in a source, by line; a function of the file's own named confirm is not one. */
export function browserDialogCalls(text: string): string[] {
  // A file's own `confirm` (a variable, a function, a parameter or a destructured prop) is not the browser's.
  const ownConfirm = /\b(?:const|let|function)\s+confirm\b|[{(,]\s*confirm\s*[,}:)]/.test(text);
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return;
    const code = line.replace(/\/\/.*$/, '');
    const explicit = /\b(?:window|globalThis|self)\s*\.\s*(?:alert|confirm|prompt)\s*\(/.test(code);
    const bare = /(?<![\w.$'"`])(?:alert|prompt)\s*\(/.test(code) || (!ownConfirm && /(?<![\w.$'"`])confirm\s*\(/.test(code));
    if (explicit || bare) found.push(`${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('no browser dialogs', () => {
  it('finds the calls it is meant to find', () => {
    expect(browserDialogCalls("if (window.confirm(t['x'])) go();")).toHaveLength(1);
    expect(browserDialogCalls('alert("hi");')).toHaveLength(1);
    expect(browserDialogCalls('if (!confirm(message)) return;')).toHaveLength(1);
    expect(browserDialogCalls('showAlert(text); showConfirm({ message, onConfirm });')).toEqual([]);
    expect(browserDialogCalls('const confirm = () => {}; confirm();')).toEqual([]);
    expect(browserDialogCalls('await confirm.ask(text)')).toEqual([]);
    expect(browserDialogCalls('function Table({ t, confirm }: Props) { return go(() => confirm(row)); }')).toEqual([]);
    expect(browserDialogCalls(' * approve a row after a confirm (the outcome shows)')).toEqual([]);
  });

  it('no island, page, layout or component of the player site or back office calls alert, confirm or prompt', () => {
    const offenders: string[] = [];
    for (const dir of SCREEN_DIRS) {
      for (const file of sources(path.join(SRC, dir))) {
        for (const call of browserDialogCalls(fs.readFileSync(file, 'utf8'))) offenders.push(`${path.relative(SRC, file)}:${call}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
