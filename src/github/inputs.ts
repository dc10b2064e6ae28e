import { parse } from 'shell-quote';
import { UsageError } from '../errors.js';

/**
 * The action's inputs. A composite action does not pass them to its steps by
 * itself: action.yml hands each one over as an `INPUT_*` variable.
 */

export const ACTION_COMMANDS = ['lint', 'plan', 'apply', 'test'] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

export interface ActionInputs {
  command: ActionCommand;
  manifest?: string;
  /** As given (for the comment's identity); the step already runs in it. */
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
  const input = (name: string): string => (env[`INPUT_${name}`] ?? '').trim();
  const command = input('COMMAND') || 'plan';
  if (!(ACTION_COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`the action's input command must be one of ${ACTION_COMMANDS.join(', ')}, not ${JSON.stringify(command)}.`);
  }
  const manifest = input('MANIFEST');
  const token = input('GITHUB_TOKEN');
  return {
    command: command as ActionCommand,
    ...(manifest ? { manifest } : {}),
    workingDirectory: input('WORKING_DIRECTORY') || '.',
    args: splitArgs(input('ARGS'), env),
    comment: parseBoolean(input('COMMENT') || 'true', 'comment'),
    commitLockFile: parseBoolean(input('COMMIT_LOCK_FILE') || 'true', 'commit-lock-file'),
    ...(token ? { githubToken: token } : {}),
  };
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
    else throw new UsageError(`the action's input args is a list of flags, not a shell command: remove ${JSON.stringify('op' in entry ? entry.op : String(entry))}.`);
  }
  return words;
}
