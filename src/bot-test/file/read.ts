import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type {
  BotErrorPolicy,
  BotSpec,
  Scenario,
  SourceAt,
  Step,
  TestFile,
  TestFileProblem,
  TextMatcher,
  WorldSpec,
} from '../model.js';
import { yamlLib } from '../../manifest/yaml-lib.js';
import { describe, type Entry, Reader, type YNode } from './nodes.js';
import { checkStepRefs } from './refs.js';
import { readStep } from './step.js';
import { textMatcher, unknownVariable } from './values.js';

const TOP_KEYS = ['bot', 'world', 'manifest', 'scenarios'];
const BOT_KEYS = ['run', 'interactions', 'ready', 'errors', 'clock'];
const ERROR_POLICIES: readonly BotErrorPolicy[] = ['fail', 'ignore'];
const SCENARIO_KEYS = ['name', 'as', 'in', 'restart', 'steps'];

export type ReadTestFileResult = { file: TestFile } | { problems: TestFileProblem[] };

/**
 * Reads a `*.test.yaml` into a `TestFile`, every scenario, step and
 * expectation with the line it was written on. Never throws for what the
 * file says or whether it can be read: each problem comes back located, as
 * an error in the test. Positions name the file as the user would (relative
 * to the working directory when inside it); `TestFile.path` is absolute.
 */
export async function readTestFile(path: string): Promise<ReadTestFileResult> {
  const absPath = resolve(path);
  const display = displayPath(absPath);
  let text: string;
  try {
    text = await readFile(absPath, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (err as Error).message;
    return {
      problems: [{ message: `cannot read the test file: ${reason}`, at: { file: display, line: 1, column: 1 } }],
    };
  }
  return parseTestFile(text, absPath, display);
}

/** A path as the report shows it: relative to the working directory when inside it. */
export function displayPath(absPath: string): string {
  const rel = relative(process.cwd(), absPath);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absPath;
}

/** The file's text to a `TestFile`; files named by it (a seed file, the manifest) are checked to exist. */
export async function parseTestFile(text: string, absPath: string, display = absPath): Promise<ReadTestFileResult> {
  const { LineCounter, parseDocument } = yamlLib();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const r = new Reader(display, dirname(absPath), lines, doc);
  for (const e of doc.errors) r.problem(r.atOffset(e.pos[0]), `not valid YAML: ${e.message.split('\n')[0]}`);
  if (r.problems.length > 0) return { problems: r.problems };
  if (doc.contents === null)
    return { problems: [{ message: 'the test file is empty; it needs scenarios:', at: r.at(null) }] };
  const file = await readTop(r, doc.contents as YNode, absPath);
  return file && r.problems.length === 0 ? { file } : { problems: r.problems };
}

async function readTop(r: Reader, node: YNode, absPath: string): Promise<TestFile | undefined> {
  const map = r.entries(node, 'the test file', TOP_KEYS);
  if (!map) return undefined;
  const scenariosEntry = map.get('scenarios');
  if (!scenariosEntry)
    return r.missing(node, ['scenarios'], r.at(node), 'the test file has no scenarios: (a list of { name, steps })');
  const botEntry = map.get('bot');
  const worldEntry = map.get('world');
  const manifestEntry = map.get('manifest');
  const bot = botEntry && readBot(r, botEntry);
  const world = worldEntry ? await readWorld(r, worldEntry) : { seed: {} };
  const manifest = manifestEntry && (await existingFile(r, manifestEntry, 'manifest'));
  const scenarios = readScenarios(r, scenariosEntry);
  if (!scenarios || !world) return undefined;
  return { path: absPath, ...(bot && { bot }), world, ...(manifest !== undefined && { manifest }), scenarios };
}

function readBot(r: Reader, entry: Entry): BotSpec | undefined {
  const at = r.valueAt(entry);
  const map = r.entries(entry.value, 'bot', BOT_KEYS, at);
  if (!map) return undefined;
  const runEntry = map.get('run');
  if (!runEntry) return r.problem(at, "bot needs run: (the command that starts it, run in the file's directory)");
  const run = r.nonEmpty(runEntry);
  const interactionsEntry = map.get('interactions');
  const interactions = interactionsEntry && readEndpoint(r, interactionsEntry);
  const readyEntry = map.get('ready');
  const ready = readyEntry && readReady(r, readyEntry);
  const errorsEntry = map.get('errors');
  const errors = errorsEntry && readErrorPolicy(r, errorsEntry);
  const clockEntry = map.get('clock');
  const clock = clockEntry && readClock(r, clockEntry);
  if (
    run === undefined ||
    (interactionsEntry && interactions === undefined) ||
    (readyEntry && ready === undefined) ||
    (errorsEntry && errors === undefined) ||
    (clockEntry && clock === undefined)
  )
    return undefined;
  return {
    run,
    cwd: r.dir,
    ...(interactions !== undefined && { interactions }),
    ...(ready !== undefined && { ready }),
    ...(errors !== undefined && { errors }),
    ...(clock === 'real' && { clock }),
    at,
  };
}

/** `ready:`, a line of the bot's output: text (the whole line) or `/pattern/`. */
function readReady(r: Reader, entry: Entry): TextMatcher | undefined {
  const written = r.nonEmpty(entry);
  if (written === undefined) return undefined;
  const m = textMatcher(written);
  return 'problem' in m ? r.problem(r.valueAt(entry), `ready: ${m.problem}`) : m;
}

function readErrorPolicy(r: Reader, entry: Entry): BotErrorPolicy | undefined {
  const written = r.text(entry);
  if (written === undefined) return undefined;
  if ((ERROR_POLICIES as readonly string[]).includes(written)) return written as BotErrorPolicy;
  return r.problem(
    r.valueAt(entry),
    `errors must be fail (an error the bot logs fails the step) or ignore, not ${JSON.stringify(written)}`,
  );
}

/** `clock:` test (the default: advance moves the bot's timers too) or real (they stay on the real clock). */
function readClock(r: Reader, entry: Entry): 'test' | 'real' | undefined {
  const written = r.text(entry);
  if (written === undefined) return undefined;
  if (written === 'test' || written === 'real') return written;
  return r.problem(
    r.valueAt(entry),
    `clock must be test (advance moves the bot's timers with the emulator's clock) or real (only the emulator's), not ${JSON.stringify(written)}`,
  );
}

/** The HTTP bot's endpoint: a URL once the runner puts its port in. */
function readEndpoint(r: Reader, entry: Entry): string | undefined {
  const url = r.nonEmpty(entry);
  if (url === undefined) return undefined;
  const other = unknownVariable(url);
  if (other !== undefined)
    return r.problem(
      r.valueAt(entry),
      `interactions: \${${other}} is not filled in; only \${PORT} (the port the runner chose) is`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll('${PORT}', '8080'));
  } catch {
    return r.problem(
      r.valueAt(entry),
      `interactions "${url}" is not a URL; write it as "http://127.0.0.1:\${PORT}/interactions"`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return r.problem(r.valueAt(entry), `interactions "${url}" must be an http:// or https:// URL`);
  return url;
}

/** `world:` as the emulator's seed (a mapping) or a seed file's path. */
async function readWorld(r: Reader, entry: Entry): Promise<WorldSpec | undefined> {
  const { isMap } = yamlLib();
  if (isMap(entry.value)) {
    const seed = r.plain(entry.value, 'world');
    return seed === undefined ? undefined : { seed: seed as Record<string, unknown> };
  }
  if (yamlLib().isScalar(entry.value) && typeof entry.value.value === 'string') {
    const seedFile = await existingFile(r, entry, 'world');
    return seedFile === undefined ? undefined : { seedFile };
  }
  return r.problem(
    r.valueAt(entry),
    `world must be the emulator's seed (a mapping with guilds: …) or the path of a seed file, not ${describe(entry.value)}`,
  );
}

/** A path written in the file, resolved against its directory; it must name a file that exists. */
async function existingFile(r: Reader, entry: Entry, what: string): Promise<string | undefined> {
  const written = r.nonEmpty(entry);
  if (written === undefined) return undefined;
  const abs = resolve(r.dir, written);
  const found = await stat(abs).catch(() => undefined);
  if (!found)
    return r.problem(
      r.valueAt(entry),
      `${what}: ${written} does not exist (paths are read from the test file's directory)`,
    );
  if (!found.isFile()) return r.problem(r.valueAt(entry), `${what}: ${written} is not a file`);
  return abs;
}

function readScenarios(r: Reader, entry: Entry): Scenario[] | undefined {
  const items = r.items(entry, 'scenarios');
  if (!items) return undefined;
  if (items.length === 0) return r.problem(r.valueAt(entry), 'scenarios is empty; a test file needs at least one');
  const seen = new Map<string, SourceAt>();
  const out = items.map((node) => {
    const s = readScenario(r, node, r.valueAt(entry));
    if (!s) return undefined;
    const earlier = seen.get(s.name);
    if (earlier)
      return r.problem(
        s.at,
        `two scenarios are named "${s.name}" (the other at line ${earlier.line}); reports tell them apart by name`,
      );
    seen.set(s.name, s.at);
    return s;
  });
  return out.every((s) => s !== undefined) ? (out as Scenario[]) : undefined;
}

function readScenario(r: Reader, node: YNode, fallback: SourceAt): Scenario | undefined {
  const at = r.at(node, fallback);
  const map = r.entries(node, 'a scenario', SCENARIO_KEYS, at);
  if (!map) return undefined;
  const nameEntry = map.get('name');
  const stepsEntry = map.get('steps');
  if (!nameEntry) r.missing(node, ['name'], at, 'a scenario needs a name:');
  if (!stepsEntry) r.missing(node, ['steps'], at, 'a scenario needs steps: (a list of actions, each with its expect:)');
  const name = nameEntry && r.nonEmpty(nameEntry);
  const restartEntry = map.get('restart');
  const restart = restartEntry ? r.bool(restartEntry) : false;
  const scenario: Partial<Scenario> = { at, restart };
  let ok = name !== undefined && restart !== undefined;
  for (const key of ['as', 'in'] as const) {
    const e = map.get(key);
    if (e) ok = (scenario[key] = r.nonEmpty(e)) !== undefined && ok;
  }
  const items = stepsEntry && r.items(stepsEntry, 'steps');
  if (items && items.length === 0)
    ok = r.problem(r.valueAt(stepsEntry!), 'steps is empty; a scenario needs at least one') ?? false;
  const steps = (items ?? []).map((step) => readStep(r, step, r.valueAt(stepsEntry!)));
  if (!ok || !items || steps.some((s) => s === undefined)) return undefined;
  // Once every step reads: an unreadable step's id is not known, and would pass for one missing.
  if (!checkStepRefs(r, steps as Step[])) return undefined;
  return { ...scenario, name: name!, steps: steps as Scenario['steps'] } as Scenario;
}
