// One platform of the aggregator: its definition, its wallet, its journal, its fault switches and its
// games' bet book (sim/games/book.ts), which moves money through the same wallet and journal.
import { fileJournal, memoryJournal, type Journal, type JournalEvent } from './journal.ts';
import { FaultSwitch } from './faults.ts';
import { Wallet } from './wallet.ts';
import { GameBook } from './games/book.ts';
import type { PlatformDef } from './platforms.ts';

export interface PlatformStats {
  /** Transfer requests handled, counting each internal duplicate delivery. */
  deliveries: number;
  duplicateDeliveries: number;
  errors: number;
  timeoutsBeforeApply: number;
  timeoutsAfterApply: number;
}

export class Platform {
  readonly def: PlatformDef;
  readonly wallet: Wallet;
  readonly faults = new FaultSwitch();
  readonly stats: PlatformStats = { deliveries: 0, duplicateDeliveries: 0, errors: 0, timeoutsBeforeApply: 0, timeoutsAfterApply: 0 };
  readonly games: GameBook;
  journal: Journal = memoryJournal();

  private constructor(def: PlatformDef, now?: () => number) {
    this.def = def;
    this.wallet = new Wallet(() => this.journal);
    this.games = new GameBook({ code: def.code, wallet: this.wallet, journal: () => this.journal, now });
  }

  /** `tickMs` 0 leaves timed games unsettled until `games.settleDue()` is called (tests). */
  static async open(def: PlatformDef, dataDir: string | undefined, opts: { now?: () => number; tickMs?: number } = {}): Promise<Platform> {
    const platform = new Platform(def, opts.now);
    if (dataDir) platform.journal = await fileJournal(dataDir, def.code, (event) => platform.replay(event));
    platform.games.start(opts.tickMs);
    return platform;
  }

  async close(): Promise<void> {
    this.games.stop();
    await this.journal.close();
  }

  private replay(event: JournalEvent): void {
    if (this.wallet.replay(event)) return;
    if (this.games.replay(event)) return;
    throw new Error(`sim ${this.def.code}: unknown journal event type ${JSON.stringify(event.t)}`);
  }
}
