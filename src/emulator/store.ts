import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Snowflake } from '../spec/snowflake.js';
import type { World } from './world.js';

/** Which application and guild `startEmulator` reports as its credentials. */
export interface StoreMeta {
  defaultApplicationId: Snowflake;
  defaultGuildId: Snowflake;
}

/** The data file: the world plus what the emulator needs to restart as it was. */
interface DataFile {
  format: 1;
  meta: StoreMeta;
  world: World;
}

/** A data file that exists but cannot be used (not JSON, wrong format). */
export class EmulatorDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'EmulatorDataError';
  }
}

/**
 * Holds the world and, when a data file is configured, writes it atomically
 * after every change: temp file in the same directory, fsync, rename over the
 * old file, fsync the directory. A kill at any moment leaves either the old or
 * the new file, never a torn one. Writes are synchronous on purpose: the
 * server persists before it answers, so an acknowledged write is on disk.
 */
export class Store {
  private tmpCounter = 0;

  constructor(
    public world: World,
    public meta: StoreMeta,
    readonly file?: string,
  ) {}

  persist(): void {
    if (!this.file) return;
    const data: DataFile = { format: 1, meta: this.meta, world: this.world };
    writeFileAtomic(this.file, JSON.stringify(data), `${process.pid}.${++this.tmpCounter}`);
  }

  /** Reads a data file; undefined when it does not exist. Removes temp files a killed process left behind. */
  static load(file: string): { world: World; meta: StoreMeta } | undefined {
    removeStaleTemps(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new EmulatorDataError(file, `cannot read emulator data file ${file}: ${(err as Error).message}`);
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
    return { world: doc.world, meta: doc.meta as StoreMeta };
  }
}

function tempPrefix(file: string): string {
  return `.${basename(file)}.`;
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
