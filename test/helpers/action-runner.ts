import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './fixtures.js';
import { testdir } from './tmp.js';

/**
 * Runs a JavaScript action (`runs.using: node20` or `node24`) the way the
 * GitHub runner does, for what this project's action.yml uses: every input
 * as `INPUT_<NAME>` (upper-cased, spaces as `_`, hyphens kept), from `with:`
 * or the input's default; the step's environment files (`GITHUB_OUTPUT`,
 * `GITHUB_STEP_SUMMARY`, `GITHUB_ENV`, `GITHUB_PATH`, `GITHUB_STATE`), each
 * empty and the step's own, the summary then appended to the job's; and
 * `node <main>` started in the workspace. `pre`/`post` scripts, an
 * expression other than `${{ github.token }}` in a default, an input the
 * action does not declare, or an output it does not declare fail the run,
 * so action.yml cannot drift into something this runner would fake.
 */

interface ActionYaml {
  inputs?: Record<string, { default?: string; required?: boolean }>;
  outputs?: Record<string, { description?: string; value?: string }>;
  runs: { using: string; main?: string; pre?: string; post?: string; steps?: unknown };
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** What the action wrote to `$GITHUB_OUTPUT`, as the runner reads it. */
  outputs: Record<string, string>;
  /** The raw `$GITHUB_OUTPUT` file. */
  outputFile: string;
  /** This step's `$GITHUB_STEP_SUMMARY`. */
  summary: string;
  /** `$GITHUB_ENV` (variables for the job's later steps), `$GITHUB_PATH`, `$GITHUB_STATE` (for a post script). */
  setEnv: Record<string, string>;
  addPath: string[];
  state: Record<string, string>;
}

export interface ActionRunOptions {
  /** The directory holding action.yml, as the runner downloads it. */
  actionPath: string;
  /** `with:` of the step using the action. */
  with: Record<string, string>;
  /** The step's environment: the runner's, the job's GITHUB_* variables and `env:`. */
  env: Record<string, string>;
  /** `github.token` (the default of a `github-token` input). */
  githubToken: string;
  /** The job's step summary: this step's is appended to it, as the runner shows each step's in turn. */
  jobSummary?: string;
  timeoutMs?: number;
}

/** `name=value` and `name<<DELIM` … `DELIM` lines, as the runner reads `$GITHUB_OUTPUT`, `$GITHUB_ENV` and `$GITHUB_STATE`. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i].replace(/\r$/, '') !== delimiter; i++) value.push(lines[i]);
      if (i >= lines.length) throw new Error(`environment file: no closing delimiter ${delimiter} for ${name}`);
      out[name] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`environment file: invalid line ${JSON.stringify(line)}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** The variable the runner passes an input in. */
export const inputVariable = (name: string): string => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;

const ENV_FILES = {
  GITHUB_OUTPUT: 'output',
  GITHUB_STEP_SUMMARY: 'step_summary',
  GITHUB_ENV: 'env',
  GITHUB_PATH: 'path',
  GITHUB_STATE: 'state',
} as const;

export async function runNodeAction(opts: ActionRunOptions): Promise<ActionRun> {
  const action = parse(readFileSync(join(opts.actionPath, 'action.yml'), 'utf8')) as ActionYaml;
  const { using, main } = action.runs;
  if (using !== 'node20' && using !== 'node24')
    throw new Error(`this runner runs JavaScript actions (node20, node24), not ${using}`);
  for (const key of Object.keys(action.runs))
    if (!['using', 'main'].includes(key)) throw new Error(`this runner does not run runs.${key}`);
  if (!main) throw new Error('runs.main is missing');
  const workspace = opts.env.GITHUB_WORKSPACE;
  if (!workspace) throw new Error('GITHUB_WORKSPACE must be set');

  const declared = action.inputs ?? {};
  for (const name of Object.keys(opts.with)) if (!(name in declared)) throw new Error(`unexpected input ${name}`);
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    inputs[inputVariable(name)] =
      opts.with[name] ?? (spec.default === undefined ? '' : defaultValue(String(spec.default), opts));
  }

  const scratch = mkdtempSync(join(tmpdir(), 'cmdsync-runner-'));
  try {
    const files: Record<string, string> = {};
    for (const [variable, name] of Object.entries(ENV_FILES)) {
      files[variable] = join(scratch, name);
      writeFileSync(files[variable], '');
    }
    const result = await runNode(
      join(opts.actionPath, main),
      workspace,
      { ...opts.env, ...inputs, ...files },
      opts.timeoutMs ?? 60_000,
    );
    const read = (variable: keyof typeof ENV_FILES) => readFileSync(files[variable], 'utf8');
    const outputs = parseOutputFile(read('GITHUB_OUTPUT'));
    for (const name of Object.keys(outputs))
      if (!(name in (action.outputs ?? {})))
        throw new Error(`the action set output ${name}, which action.yml does not declare`);
    const summary = read('GITHUB_STEP_SUMMARY');
    if (opts.jobSummary) appendFileSync(opts.jobSummary, summary);
    return {
      ...result,
      outputs,
      outputFile: read('GITHUB_OUTPUT'),
      summary,
      setEnv: parseOutputFile(read('GITHUB_ENV')),
      addPath: read('GITHUB_PATH').split('\n').filter(Boolean),
      state: parseOutputFile(read('GITHUB_STATE')),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** An input's default: text, or `${{ github.token }}`, the one expression this action's defaults use. */
function defaultValue(text: string, opts: ActionRunOptions): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    if (expr === 'github.token') return opts.githubToken;
    throw new Error(`this runner does not evaluate \${{ ${expr} }} in an input's default`);
  });
}

function runNode(
  script: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/**
 * The action as the runner downloads it for `uses: cmdsync/cmdsync@…`: this
 * repository's action.yml and the committed bundle it names, in a directory
 * of their own with no node_modules and no dist/ above it, so a run proves
 * the action needs nothing else (the runner's copy has no build either).
 * Removed after the test.
 */
export function actionCheckout(): string {
  const dir = testdir();
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYaml;
  cpSync(join(ROOT, 'action.yml'), join(dir, 'action.yml'));
  if (action.runs.main)
    cpSync(join(ROOT, dirname(action.runs.main)), join(dir, dirname(action.runs.main)), { recursive: true });
  return dir;
}
