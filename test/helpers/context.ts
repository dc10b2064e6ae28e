/**
 * The shared test fixtures (vitest `test.extend`): ask for one by name in a
 * test's arguments and it is set up for that test and torn down after it.
 *
 *   import { test, expect } from '../helpers/context.js';
 *   test('…', async ({ emulator, cli, tmp }) => { … });
 *
 * - `emulator`: an in-process emulator (rate limits off), closed after the
 *   test; `test.override('emulatorOptions', { seed })` in a describe changes
 *   how it starts. `fileEmulator` is the same, shared by a whole file.
 * - `cli`: the one way to run the built binary (`runBin`), in `tmp` unless
 *   another cwd is given.
 * - `tmp`: a temporary directory, removed after the test; `tmp.write(files)`.
 * - `restStub`: a real HTTP server answering as the handler says (the
 *   service's stand-in for the REST client's tests), closed after the test.
 * - `clock`: a test clock for the emulator's `now`; see test/helpers/clock.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test as base } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { startServer, type Handler, type TestServer } from '../remote/helpers/server.js';
import { runBin, type RunResult } from './cli.js';
import { TestClock } from './clock.js';

/** What a fixture hands its value to (vitest's `use`). */
type Use<T> = (value: T) => Promise<void>;

export { expect, describe, beforeAll, afterAll, beforeEach, afterEach } from 'vitest';

/** A temporary directory that `write` fills with files (path -> content). */
export interface TempDir {
  path: string;
  /** Writes each file (creating folders) and returns the directory's path. */
  write(files: Record<string, string | Buffer>): string;
  /** The absolute path of `name` inside the directory. */
  join(...names: string[]): string;
}

export type CliOptions = {
  cwd?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  input?: string;
  timeoutMs?: number;
};
export type Cli = (args: string[], opts?: CliOptions) => Promise<RunResult>;

function makeTempDir(): TempDir {
  const path = mkdtempSync(join(tmpdir(), 'cmdsync-test-'));
  return {
    path,
    write(files) {
      for (const [name, content] of Object.entries(files)) {
        const full = join(path, name);
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, content);
      }
      return path;
    },
    join: (...names) => join(path, ...names),
  };
}

/** Set up for each test that names them. */
export interface TestFixtures {
  /** How `emulator` starts; change with `test.override('emulatorOptions', …)`. */
  emulatorOptions: EmulatorOptions;
  clock: TestClock;
  tmp: TempDir;
  emulator: RunningEmulator;
  cli: Cli;
  restStub: (handler: Handler) => Promise<TestServer>;
}

/** Set up once per file: for suites whose tests build on each other's writes. */
export interface FileFixtures {
  fileEmulatorOptions: EmulatorOptions;
  fileEmulator: RunningEmulator;
}

export const test = base.extend<{ $test: TestFixtures; $file: FileFixtures }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from this pattern
  emulatorOptions: async ({}, use: Use<EmulatorOptions>) => use({}),
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from this pattern
  fileEmulatorOptions: [async ({}, use: Use<EmulatorOptions>) => use({}), { scope: 'file' }],
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from this pattern
  clock: async ({}, use: Use<TestClock>) => use(new TestClock()),
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from this pattern
  tmp: async ({}, use: Use<TempDir>) => {
    const dir = makeTempDir();
    try {
      await use(dir);
    } finally {
      rmSync(dir.path, { recursive: true, force: true });
    }
  },
  emulator: async ({ emulatorOptions }: TestFixtures, use: Use<RunningEmulator>) => {
    const em = await startEmulator({ rateLimits: false, ...emulatorOptions });
    try {
      await use(em);
    } finally {
      await em.close();
    }
  },
  fileEmulator: [
    async ({ fileEmulatorOptions }: FileFixtures, use: Use<RunningEmulator>) => {
      const em = await startEmulator({ rateLimits: false, ...fileEmulatorOptions });
      try {
        await use(em);
      } finally {
        await em.close();
      }
    },
    { scope: 'file' },
  ],
  cli: async ({ tmp }: TestFixtures, use: Use<Cli>) =>
    use((args: string[], opts: CliOptions = {}) => runBin(args, { ...opts, cwd: opts.cwd ?? tmp.path })),
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from this pattern
  restStub: async ({}, use: Use<TestFixtures['restStub']>) => {
    const servers: TestServer[] = [];
    try {
      await use(async (handler: Handler) => {
        const s = await startServer(handler);
        servers.push(s);
        return s;
      });
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  },
});

export const it = test;
