/**
 * Issue 28's proof: the three bots in examples/ — discord.js over the gateway,
 * an HTTP-interactions bot, discord.py over the gateway — each pass their
 * bot.test.yaml and fail their failing.test.yaml the way the README shows,
 * run by the built `cmdsync test` as a user runs it (a real process, real
 * bots, the emulator on a loopback port).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { RunResult as TestRunResult } from '../../src/bot-test/model.js';
import { runBin } from '../helpers/cli.js';
import { DISCORD_PY_SKIP_REASON, discordPyAvailable, PYTHON } from '../helpers/discord-py.js';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

interface Example {
  dir: string;
  /** `--bot`, when the file's `run:` is not how this machine starts the bot. */
  bot?: string;
  available: () => boolean;
  /** Why it cannot run here, said in the skipped suite's name. */
  skipReason?: string;
}

const EXAMPLES: Example[] = [
  { dir: 'discordjs-bot', available: () => true },
  { dir: 'http-bot', available: () => true },
  // The Python that has discord.py may not be the python3 on PATH (a pyenv or virtualenv one): --bot names it.
  { dir: 'discordpy-bot', bot: `${PYTHON} bot.py`, available: discordPyAvailable, skipReason: DISCORD_PY_SKIP_REASON },
];

// A bot start, six scenarios and a bot stop; generous for a loaded machine.
const TIMEOUT_MS = 120_000;

/** `cmdsync test FILE` in the example's folder, with a clean environment (no DISCORD_* of the developer's). */
function cmdsyncTest(example: Example, file: string, extra: string[] = []) {
  const args = ['test', file, ...(example.bot ? ['--bot', example.bot] : []), ...extra];
  return runBin(args, { cwd: join(ROOT, 'examples', example.dir), timeoutMs: TIMEOUT_MS - 5_000 });
}

/** The scenario names a test file declares, in order. */
function scenarioNames(example: Example, file: string): string[] {
  const doc = parse(readFileSync(join(ROOT, 'examples', example.dir, file), 'utf8')) as {
    scenarios: Array<{ name: string }>;
  };
  return doc.scenarios.map((s) => s.name);
}

/** The 1-based line of the first line of `file` that contains `text`. */
function lineOf(example: Example, file: string, text: string): number {
  const lines = readFileSync(join(ROOT, 'examples', example.dir, file), 'utf8').split('\n');
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${text}`);
  return index + 1;
}

for (const example of EXAMPLES) {
  const available = example.available();
  describe.skipIf(!available)(`examples/${example.dir}${available ? '' : ` (skipped: ${example.skipReason})`}`, () => {
    it(
      'bot.test.yaml passes: every scenario, exit 0',
      async () => {
        const run = await cmdsyncTest(example, 'bot.test.yaml', ['--json']);
        expect(run.code, run.stderr + run.stdout).toBe(0);
        const result = JSON.parse(run.stdout) as TestRunResult;
        const names = scenarioNames(example, 'bot.test.yaml');
        expect(result).toMatchObject({ passed: names.length, failed: 0, errors: 0 });
        expect(result.files).toHaveLength(1);
        expect(result.files[0].scenarios.map((s) => [s.name, s.status])).toEqual(names.map((n) => [n, 'passed']));
      },
      TIMEOUT_MS,
    );

    it(
      'failing.test.yaml exits 1: the first scenario passes, the second fails at its step with expected "Pong!" and actual "pong"',
      async () => {
        const step = lineOf(example, 'failing.test.yaml', 'content: Pong!') - 1;
        // One run: the text report on stdout, the JSON beside it in a file.
        const report = join(testdir(), 'report.json');
        const text = await cmdsyncTest(example, 'failing.test.yaml', ['--json', '--output', report]);
        expect(text.code, text.stderr + text.stdout).toBe(1);
        expect(text.stdout).toContain(`failing.test.yaml:${step}`);
        expect(text.stdout).toContain('Pong!');
        expect(text.stdout.trimEnd().split('\n').at(-1)).toMatch(/^1 passed, 1 failed\b/);

        const result = JSON.parse(readFileSync(report, 'utf8')) as TestRunResult;
        expect(result).toMatchObject({ passed: 1, failed: 1, errors: 0 });
        const [passing, failing] = result.files[0].scenarios;
        expect(passing.status).toBe('passed');
        expect(failing).toMatchObject({ name: '/ping shouts', status: 'failed' });
        const failed = failing.steps.at(-1)!;
        expect(failed).toMatchObject({ status: 'failed', at: { line: step } });
        if (failed.status !== 'failed') return;
        expect(failed.mismatches).toHaveLength(1);
        expect(failed.mismatches[0].path).toBe('reply.content');
        expect(failed.mismatches[0].expected).toContain('Pong!');
        expect(failed.mismatches[0].actual).toContain('pong');
        expect(failed.mismatches[0].actual).not.toContain('Pong!');
      },
      TIMEOUT_MS,
    );
  });
}
