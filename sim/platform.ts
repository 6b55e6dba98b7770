// One platform of the aggregator: its definition, its wallet, its journal and its fault switches.
// A later issue adds games here; they will append their own journal events (replayed through
// `replay`) and move money through the wallet.
import { fileJournal, memoryJournal, type Journal, type JournalEvent } from './journal.ts';
import { FaultSwitch } from './faults.ts';
import { Wallet } from './wallet.ts';
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
  journal: Journal = memoryJournal();

  private constructor(def: PlatformDef) {
    this.def = def;
    this.wallet = new Wallet(() => this.journal);
  }

  static async open(def: PlatformDef, dataDir: string | undefined): Promise<Platform> {
    const platform = new Platform(def);
    if (dataDir) platform.journal = await fileJournal(dataDir, def.code, (event) => platform.replay(event));
    return platform;
  }

  private replay(event: JournalEvent): void {
    if (this.wallet.replay(event)) return;
    throw new Error(`sim ${this.def.code}: unknown journal event type ${JSON.stringify(event.t)}`);
  }
}
