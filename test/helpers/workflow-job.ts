import { type ActionRun, runNodeAction } from './action-runner.js';
import { evaluate, interpolate, type Lookup, truthy, type Value } from './workflow-expr.js';

/**
 * One job of a workflow, run as the runner runs it for the steps a recipe of
 * this project holds: the job's and each step's `env:` and `with:` with their
 * expressions (`vars`, `secrets`, `github`, `steps`), each step's `if:`,
 * `GITHUB_ENV` from a step passed on to the later ones, and a failed step
 * ending the job. A step using an action that `actionPath` maps to a local
 * directory runs it (action-runner.ts); `actions/checkout` is taken as done
 * (the workspace is the repository); any other action is recorded with its
 * inputs, not run; a `run:` step throws.
 */

export interface WorkflowStep {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

export interface Workflow {
  jobs: Record<string, { env?: Record<string, unknown>; steps: WorkflowStep[] }>;
}

export interface StepResult {
  step: WorkflowStep;
  /** ran: this runner ran it; done: taken as done (checkout); recorded: another action, not run; skipped: its `if` was false. */
  outcome: 'ran' | 'done' | 'recorded' | 'skipped';
  /** The step's inputs, expressions evaluated. */
  with: Record<string, string>;
  run?: ActionRun;
}

export interface WorkflowJobOptions {
  workflow: Workflow;
  job: string;
  /** The runner's and the run's variables (PATH, HOME, GITHUB_WORKSPACE, GITHUB_EVENT_NAME, …); the `github` context is read from them. */
  env: Record<string, string>;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  githubToken: string;
  /** The local directory of an action a step uses (`owner/name@ref`), or undefined for one this runner does not run. */
  actionPath: (uses: string) => string | undefined;
  jobSummary: string;
}

const GITHUB_CONTEXT: Record<string, string> = {
  event_name: 'GITHUB_EVENT_NAME',
  ref: 'GITHUB_REF',
  sha: 'GITHUB_SHA',
  repository: 'GITHUB_REPOSITORY',
  workspace: 'GITHUB_WORKSPACE',
  run_id: 'GITHUB_RUN_ID',
};

export async function runWorkflowJob(opts: WorkflowJobOptions): Promise<StepResult[]> {
  const job = opts.workflow.jobs[opts.job];
  if (!job) throw new Error(`no job ${opts.job}`);
  const outputs: Record<string, Record<string, string>> = {};
  const lookup: Lookup = (path) => {
    const [context, ...rest] = path.split('.');
    const name = rest.join('.');
    if (context === 'vars') return opts.vars[name] ?? '';
    if (context === 'secrets') return opts.secrets[name] ?? '';
    if (context === 'github')
      return name === 'token'
        ? opts.githubToken
        : GITHUB_CONTEXT[name]
          ? (opts.env[GITHUB_CONTEXT[name]] ?? '')
          : undefined;
    const step = /^([\w-]+)\.outputs\.([\w-]+)$/.exec(name);
    if (context === 'steps' && step) return outputs[step[1]]?.[step[2]] ?? '';
    return undefined;
  };
  const evaluated = (map: Record<string, unknown> | undefined) =>
    Object.fromEntries(Object.entries(map ?? {}).map(([k, v]) => [k, interpolate(String(v), lookup)]));
  const jobEnv = evaluated(job.env);
  const setEnv: Record<string, string> = {};
  const results: StepResult[] = [];
  for (const step of job.steps) {
    if (step.run !== undefined) throw new Error(`this runner does not run \`run:\` steps (${step.name ?? step.run})`);
    if (!step.uses) throw new Error('a step with neither uses nor run');
    const condition: Value =
      step.if === undefined ? true : evaluate(step.if.replace(/^\$\{\{([\s\S]*)\}\}$/, '$1'), lookup);
    const inputs = evaluated(step.with);
    if (!truthy(condition)) {
      results.push({ step, outcome: 'skipped', with: inputs });
      continue;
    }
    const path = opts.actionPath(step.uses);
    if (path === undefined) {
      results.push({ step, outcome: step.uses.startsWith('actions/checkout@') ? 'done' : 'recorded', with: inputs });
      continue;
    }
    const run = await runNodeAction({
      actionPath: path,
      with: inputs,
      env: { ...opts.env, ...jobEnv, ...setEnv, ...evaluated(step.env) },
      githubToken: opts.githubToken,
      jobSummary: opts.jobSummary,
    });
    results.push({ step, outcome: 'ran', with: inputs, run });
    if (step.id) outputs[step.id] = run.outputs;
    Object.assign(setEnv, run.setEnv);
    if (run.code !== 0) break;
  }
  return results;
}
