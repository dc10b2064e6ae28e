import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * Runs a composite action's steps the way the GitHub runner does, for the
 * parts this project's action.yml uses: `run` steps under `shell: bash`
 * (`bash --noprofile --norc -eo pipefail`), each with its own
 * `$GITHUB_OUTPUT` file, `env` and `working-directory` with `${{ }}`
 * expressions, input defaults, and the action's `outputs` mapped from step
 * outputs. An expression or step kind it does not know fails the run, so
 * action.yml cannot drift into something this runner would fake.
 */

interface ActionYaml {
  inputs?: Record<string, { default?: string; required?: boolean }>;
  outputs?: Record<string, { value: string }>;
  runs: {
    using: string;
    steps: Array<{ id?: string; name?: string; shell?: string; run?: string; uses?: string; env?: Record<string, string>; 'working-directory'?: string; if?: string }>;
  };
}

export interface StepRun {
  id?: string;
  name?: string;
  code: number | null;
  outputs: Record<string, string>;
  /** The raw `$GITHUB_OUTPUT` file the step wrote. */
  outputFile: string;
}

export interface CompositeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  steps: StepRun[];
  /** The action's outputs, as `steps.<id>.outputs.<name>` mapped them. */
  outputs: Record<string, string>;
}

export interface CompositeOptions {
  /** The directory holding action.yml (`$GITHUB_ACTION_PATH`). */
  actionPath: string;
  /** `with:` of the step using the action. */
  with: Record<string, string>;
  /** The job's environment: GITHUB_* variables, the step's `env:`. */
  env: Record<string, string>;
  /** `github.token` (the default of a `github-token` input). */
  githubToken: string;
  timeoutMs?: number;
}

/** `name=value` and `name<<DELIM` … `DELIM` lines, as the runner reads `$GITHUB_OUTPUT`. */
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
      if (i >= lines.length) throw new Error(`$GITHUB_OUTPUT: no closing delimiter ${delimiter} for ${name}`);
      out[name] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`$GITHUB_OUTPUT: invalid line ${JSON.stringify(line)}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export async function runCompositeAction(opts: CompositeOptions): Promise<CompositeRun> {
  const action = parse(readFileSync(join(opts.actionPath, 'action.yml'), 'utf8')) as ActionYaml;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const workspace = opts.env.GITHUB_WORKSPACE;
  if (!workspace) throw new Error('GITHUB_WORKSPACE must be set');
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs ?? {})) {
    const given = opts.with[name];
    inputs[name] = given ?? (spec.default !== undefined ? evaluate(spec.default, { inputs: {}, steps: {}, opts }) : '');
  }
  for (const name of Object.keys(opts.with)) if (!(name in (action.inputs ?? {}))) throw new Error(`unexpected input ${name}`);

  const steps: Record<string, StepRun> = {};
  const ran: StepRun[] = [];
  let stdout = '';
  let stderr = '';
  let code: number | null = 0;
  const scratch = mkdtempSync(join(tmpdir(), 'cmdsync-runner-'));
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      if (step.uses !== undefined || step.run === undefined) throw new Error('this runner only runs `run` steps');
      if (step.if !== undefined) throw new Error('this runner does not evaluate `if`');
      if (step.shell !== 'bash') throw new Error(`step ${step.name ?? index}: shell must be bash`);
      const scope = { inputs, steps, opts };
      const outputFile = join(scratch, `output-${index}`);
      writeFileSync(outputFile, '');
      const script = join(scratch, `step-${index}.sh`);
      writeFileSync(script, step.run);
      const env: Record<string, string> = { ...opts.env, GITHUB_ACTION_PATH: opts.actionPath, GITHUB_OUTPUT: outputFile };
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = evaluate(String(value), scope);
      const cwd = resolve(workspace, evaluate(step['working-directory'] ?? '.', scope));
      const result = await runBash(script, cwd, env, opts.timeoutMs ?? 60_000);
      stdout += result.stdout;
      stderr += result.stderr;
      const text = readFileSync(outputFile, 'utf8');
      const record: StepRun = { id: step.id, name: step.name, code: result.code, outputs: parseOutputFile(text), outputFile: text };
      ran.push(record);
      if (step.id) steps[step.id] = record;
      code = result.code;
      if (result.code !== 0) break;
    }
    const outputs: Record<string, string> = {};
    for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = evaluate(spec.value, { inputs, steps, opts });
    return { code, stdout, stderr, steps: ran, outputs };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function evaluate(text: string, scope: { inputs: Record<string, string>; steps: Record<string, StepRun>; opts: CompositeOptions }): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    let m: RegExpExecArray | null;
    if ((m = /^inputs\.([\w-]+)$/.exec(expr))) {
      if (!(m[1] in scope.inputs)) throw new Error(`unknown input in expression: ${expr}`);
      return scope.inputs[m[1]];
    }
    if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr))) return scope.steps[m[1]]?.outputs[m[2]] ?? '';
    if (expr === 'github.action_path') return scope.opts.actionPath;
    if (expr === 'github.token') return scope.opts.githubToken;
    throw new Error(`this runner does not evaluate \${{ ${expr} }}`);
  });
}

function runBash(script: string, cwd: string, env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
