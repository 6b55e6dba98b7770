// Append-only JSON-lines journal, one file per platform. Every state change is appended in memory
// first, then `sync()` writes and fsyncs everything appended so far; handlers await it before
// answering, so no answer ever reports state that a crash could lose. Concurrent syncs share writes.
import { open, mkdir, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export interface JournalEvent {
  t: string;
  [key: string]: unknown;
}

export interface Journal {
  append(event: JournalEvent): void;
  /** Resolves once every event appended before the call is durable; rejects if the disk failed. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** No dataDir: state lives in memory only. */
export function memoryJournal(): Journal {
  return { append() {}, sync: async () => {}, close: async () => {} };
}

/**
 * Opens `<dir>/<name>.jsonl`, hands every stored event to `replay` in order, then returns the journal
 * for appending. A torn last line (a crash mid-write) is cut off before appending resumes.
 */
export async function fileJournal(dir: string, name: string, replay: (event: JournalEvent) => void): Promise<Journal> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.jsonl`);
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) {
    await truncate(path, Buffer.byteLength(text.slice(0, end)));
    text = text.slice(0, end);
  }
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (line === '') continue;
    let event: JournalEvent;
    try {
      event = JSON.parse(line) as JournalEvent;
    } catch {
      throw new Error(`sim journal ${path}:${lineNo} is not JSON`);
    }
    replay(event);
  }

  const fh: FileHandle = await open(path, 'a');
  if (text === '') await syncDir(dir);
  let pending: string[] = [];
  let tail: Promise<void> = Promise.resolve();
  let reported = false;
  const journal: Journal = {
    append(event) {
      pending.push(JSON.stringify(event) + '\n');
    },
    sync() {
      if (pending.length > 0) {
        const batch = pending.join('');
        pending = [];
        tail = tail.then(async () => {
          await fh.write(batch);
          await fh.sync();
        });
        // A failed write leaves memory ahead of disk; every later sync rejects so nothing more is confirmed.
        tail.catch((err: unknown) => {
          if (!reported) console.error(`sim journal ${path}: write failed`, err);
          reported = true;
        });
      }
      return tail;
    },
    async close() {
      await journal.sync().catch(() => {});
      await fh.close();
    },
  };
  return journal;
}

async function syncDir(dir: string): Promise<void> {
  const dh = await open(dir, 'r');
  try {
    await dh.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the file's own fsync still holds.
  } finally {
    await dh.close();
  }
}
