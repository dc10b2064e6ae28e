import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'shell-quote';
import { UsageError } from '../errors.js';

/**
 * The action's inputs, as the runner hands them to a JavaScript action: each
 * as `INPUT_` and its name upper-cased, spaces as `_` and hyphens kept
 * (`INPUT_WORKING-DIRECTORY`), with action.yml's defaults filled in.
 */

export const ACTION_COMMANDS = ['lint', 'plan', 'apply', 'test'] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

export interface ActionInputs {
  command: ActionCommand;
  manifest?: string;
  /** As given, relative to the workspace (also the comment's identity); the action moves there first (actionDirectory). */
  workingDirectory: string;
  /** `args`, split as a shell would split a command line. */
  args: string[];
  comment: boolean;
  /** Commit cmdsync.lock.json back to the branch after an apply that changed it. */
  commitLockFile: boolean;
  /** Absent when empty: commenting is then skipped with a warning. */
  githubToken?: string;
}

export function readActionInputs(env: Readonly<Record<string, string | undefined>>): ActionInputs {
  const input = (name: string): string => inputValue(env, name);
  const command = input('command') || 'plan';
  if (!(ACTION_COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(
      `the action's input command must be one of ${ACTION_COMMANDS.join(', ')}, not ${JSON.stringify(command)}.`,
    );
  }
  const manifest = input('manifest');
  const token = input('github-token');
  return {
    command: command as ActionCommand,
    ...(manifest ? { manifest } : {}),
    workingDirectory: input('working-directory') || '.',
    args: splitArgs(input('args'), env),
    comment: parseBoolean(input('comment') || 'true', 'comment'),
    commitLockFile: parseBoolean(input('commit-lock-file') || 'true', 'commit-lock-file'),
    ...(token ? { githubToken: token } : {}),
  };
}

/** An input as the runner passes it: `INPUT_` and the name upper-cased, spaces as `_`. */
function inputValue(env: Readonly<Record<string, string | undefined>>, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/**
 * Where the action runs: its `working-directory` input, from the workspace.
 * The runner starts a JavaScript action in the workspace whatever the input
 * says, so the action moves there itself (action-main.ts).
 */
export function actionDirectory(env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  const given = inputValue(env, 'working-directory') || '.';
  const dir = resolve(env.GITHUB_WORKSPACE || cwd, given);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`the action's input working-directory: no such directory: ${given}`);
  return dir;
}

/** YAML 1.2 core schema booleans, as actions/toolkit's getBooleanInput reads them. */
export function parseBoolean(value: string, name: string): boolean {
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new UsageError(`the action's input ${name} must be true or false, not ${JSON.stringify(value)}.`);
}

/**
 * `args` as a shell splits a command line: quotes, escapes and `$VAR` from
 * the step's environment. Pipes, redirections and the like have no meaning
 * here and are refused rather than passed on as words.
 */
export function splitArgs(text: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const words: string[] = [];
  for (const entry of parse(text, (name) => env[name] ?? '')) {
    // An unset $VAR expands to nothing, as in a shell (shell-quote leaves an empty word).
    if (typeof entry === 'string') words.push(...(entry === '' ? [] : [entry]));
    else if ('comment' in entry) break;
    else if ('op' in entry && entry.op === 'glob') words.push(entry.pattern);
    else
      throw new UsageError(
        `the action's input args is a list of flags, not a shell command: remove ${JSON.stringify('op' in entry ? entry.op : String(entry))}.`,
      );
  }
  return words;
}
