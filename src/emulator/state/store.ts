import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Snowflake } from '../../wire/snowflake.js';
import { ChangeTracker, type Change } from './change-tracker.js';
import { encodeRecord, JournalDamage, readRecords, replay } from './journal.js';
import { DEFAULT_MAX_MESSAGES_PER_CHANNEL, MessageCap } from './message-cap.js';
import type { World } from './world.js';

/** Which application and guild `startEmulator` reports as its credentials. */
export interface StoreMeta {
  defaultApplicationId: Snowflake;
  defaultGuildId: Snowflake;
  /** The control routes' secret, kept so a restart with the same data file keeps it (absent in older files). */
  controlToken?: string;
}

/** The snapshot: the world plus what the emulator needs to restart as it was. */
interface DataFile {
  format: 1;
  meta: StoreMeta;
  world: World;
}

export interface StoreOptions {
  /** Messages kept per channel, oldest dropped first; 0 = no cap. Default 1000. */
  maxMessagesPerChannel?: number;
  /** The journal is folded into the snapshot once it is over this size and over twice the snapshot. Default 4 MiB. */
  journalLimitBytes?: number;
}

/** A data file or journal that exists but cannot be used (not JSON, wrong format, damaged). */
export class EmulatorDataError extends Error {
  readonly code = 'EMULATOR_DATA';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'EmulatorDataError';
  }
}

const DEFAULT_JOURNAL_LIMIT = 4 * 1024 * 1024;

/** The journal of a data file: the file's name plus `.journal`, in the same directory. */
export const journalPath = (file: string): string => `${file}.journal`;

/** One request's access to the world: `world` to hand the handler, `commit` once it is done. */
export interface Transaction {
  world: World;
  /** Journals what the handler changed (before the answer); `flagged`: the handler said it changed something. */
  commit(flagged: boolean): void;
  /** The handler threw: puts the world back as far as the request's tracker knows it (ChangeTracker.rollback). */
  rollback(): void;
}

/**
 * Holds the world and, with a data file, keeps it on disk as a snapshot plus
 * an append-only journal. A write appends one record of the entries it
 * changed and fdatasyncs it before the server answers, so its cost follows
 * the change, not the world's size. Once the journal outgrows
 * `journalLimitBytes` and twice the snapshot, the world is written as a new
 * snapshot (temp file, fsync, rename, fsync of the directory) and the journal
 * removed; the snapshot's cost is then spread over at least as many journal
 * bytes as it has, so every write stays O(its size) on average. A kill at any
 * moment leaves the old or the new snapshot, and a journal whose complete
 * records replay onto either (journal.ts).
 */
export class Store {
  private tmpCounter = 0;
  private journalFd: number | undefined;
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** A journal append failed: the next write rewrites the snapshot, which holds everything. */
  private needsSnapshot = false;
  private compactScheduled = false;
  private closed = false;
  private readonly cap: MessageCap;
  /** The last settled write's tracker, for the next write (change-tracker.ts reset). */
  private spare: ChangeTracker | undefined;
  private readonly journalLimit: number;
  /** Messages the cap dropped from the world this store was given (a lower cap than the data file was kept with). */
  readonly droppedAtLoad: number;
  /**
   * The world a test runner's reset left behind (harness.ts `restore`), in memory only: a bot's late request
   * on a message or channel of the scenario before is answered there, as the service would answer it
   * (http/steps/late-world.ts).
   */
  retired: World | undefined;

  constructor(
    public world: World,
    public meta: StoreMeta,
    readonly file?: string,
    options: StoreOptions = {},
  ) {
    this.cap = new MessageCap(options.maxMessagesPerChannel ?? DEFAULT_MAX_MESSAGES_PER_CHANNEL);
    this.journalLimit = options.journalLimitBytes ?? DEFAULT_JOURNAL_LIMIT;
    this.droppedAtLoad = this.cap.load(world).length;
    if (this.droppedAtLoad > 0) world.serial++;
  }

  /**
   * Starts a request. `write` false (GET): the handler sees the world itself,
   * untracked; should it still flag a change, the whole snapshot is written.
   */
  begin(write: boolean): Transaction {
    if (!write) return { world: this.world, commit: (flagged) => flagged && this.commitWhole(), rollback: () => {} };
    const tracker =
      this.spare?.world === this.world ? this.spare : new ChangeTracker(this.world, this.file !== undefined);
    this.spare = undefined;
    // Handed back once the write is settled; a transaction still open (an asynchronous handler) keeps its own.
    const release = () => {
      tracker.reset();
      this.spare = tracker;
    };
    return {
      world: tracker.view,
      commit: (flagged) => {
        this.commit(tracker.changes(), flagged);
        release();
      },
      rollback: () => {
        tracker.rollback();
        release();
      },
    };
  }

  private commitWhole(): void {
    this.world.serial++;
    this.persist();
  }

  private commit(changes: Change[], flagged: boolean): void {
    if (changes.length === 0 && !flagged) return;
    changes.push(...this.cap.apply(this.world, changes));
    this.world.serial++;
    // After close a late handler's change is not written: a new emulator may own the files by then.
    if (!this.file || this.closed) return;
    if (this.needsSnapshot) {
      this.persist();
      return;
    }
    this.append(encodeRecord(this.world.serial, changes));
    if (this.journalBytes > Math.max(this.journalLimit, 2 * this.snapshotBytes)) this.scheduleCompaction();
  }

  private append(record: string): void {
    const path = journalPath(this.file!);
    if (this.journalFd === undefined) {
      // A journal this store did not start may end in a torn record; appending after it would bury the
      // next record in garbage. The snapshot takes everything (this write included) and the journal goes.
      if (existsSync(path)) {
        this.persist();
        return;
      }
      // 0600: records hold tokens and secrets like the snapshot does.
      this.journalFd = openSync(path, 'a', 0o600);
      fsyncDirectory(dirname(path));
    }
    try {
      const bytes = Buffer.from(record);
      for (let done = 0; done < bytes.length; ) done += writeSync(this.journalFd, bytes, done);
      fdatasyncSync(this.journalFd);
      this.journalBytes += bytes.length;
    } catch (err) {
      // Take back a partial record so later ones do not follow garbage; the snapshot catches up on the next write.
      this.needsSnapshot = true;
      try {
        ftruncateSync(this.journalFd, this.journalBytes);
      } catch {
        // The next snapshot removes the journal anyway.
      }
      throw err;
    }
  }

  /** Compaction runs after the current answer is on its way; the journal already holds the write. */
  private scheduleCompaction(): void {
    if (this.compactScheduled) return;
    this.compactScheduled = true;
    setImmediate(() => {
      this.compactScheduled = false;
      if (this.closed || this.journalBytes <= Math.max(this.journalLimit, 2 * this.snapshotBytes)) return;
      try {
        this.persist();
      } catch {
        // The journal still holds every write; the next write tries again.
        this.needsSnapshot = true;
      }
    });
  }

  /** Writes the whole world as the snapshot, then drops the journal it now contains. */
  persist(): void {
    if (!this.file) return;
    const data: DataFile = { format: 1, meta: this.meta, world: this.world };
    const text = JSON.stringify(data);
    writeFileAtomic(this.file, text, `${process.pid}.${++this.tmpCounter}`);
    this.snapshotBytes = Buffer.byteLength(text);
    this.dropJournal();
    this.needsSnapshot = false;
  }

  private dropJournal(): void {
    if (this.journalFd !== undefined) closeSync(this.journalFd);
    this.journalFd = undefined;
    this.journalBytes = 0;
    // A journal that survives this (a crash, a power cut) only holds records the snapshot's serial already covers.
    try {
      unlinkSync(journalPath(this.file!));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  /** Stops writing: closes the journal. Every acknowledged write is already on disk. */
  close(): void {
    this.closed = true;
    if (this.journalFd !== undefined) closeSync(this.journalFd);
    this.journalFd = undefined;
  }

  /**
   * Reads a data file and replays its journal; undefined when the file does
   * not exist. `journaled`: a journal was there (the caller folds it into a
   * new snapshot, which also drops a torn last record). Removes temp files a
   * killed process left behind.
   */
  static load(file: string): { world: World; meta: StoreMeta; journaled: boolean } | undefined {
    removeStaleTemps(file);
    const text = readIfExists(file);
    const journal = readIfExists(journalPath(file));
    if (text === undefined) {
      if (journal)
        throw new EmulatorDataError(
          file,
          `emulator data file ${file} is missing but its journal ${journalPath(file)} exists; restore the data file or remove the journal`,
        );
      return undefined;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new EmulatorDataError(file, `emulator data file ${file} is not valid JSON`);
    }
    const doc = parsed as Partial<DataFile>;
    if (doc?.format !== 1 || typeof doc.world !== 'object' || doc.world === null || typeof doc.meta !== 'object') {
      throw new EmulatorDataError(file, `emulator data file ${file} is not a cmdsync emulator data file (format 1)`);
    }
    const world = doc.world;
    if (journal !== undefined) {
      try {
        replay(world, readRecords(journal).records);
      } catch (err) {
        if (err instanceof JournalDamage)
          throw new EmulatorDataError(file, `emulator journal ${journalPath(file)} is damaged at ${err.message}`);
        throw err;
      }
    }
    return { world, meta: doc.meta as StoreMeta, journaled: journal !== undefined };
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new EmulatorDataError(file, `cannot read emulator data file ${file}: ${(err as Error).message}`);
  }
}

function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
}

function fsyncDirectory(dir: string): void {
  let dfd: number | undefined;
  try {
    dfd = openSync(dir, 'r');
    fsyncSync(dfd);
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (dfd !== undefined) closeSync(dfd);
  }
}

export function writeFileAtomic(file: string, data: string, unique: string): void {
  const dir = dirname(file);
  const tmp = join(dir, `${tempPrefix(file)}${unique}.tmp`);
  // 0600: the file holds bot tokens and secrets.
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDirectory(dir);
}

function removeStaleTemps(file: string): void {
  const dir = dirname(file);
  const prefix = tempPrefix(file);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // Another process may have renamed it meanwhile.
      }
    }
  }
}
