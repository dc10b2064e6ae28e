/**
 * What the output streams can do, decided once at start-up (cli-conventions
 * §1.4): neither kleur nor ora honours NO_COLOR the way no-color.org asks, so
 * the decision is made here and pushed into both.
 */
export interface TerminalInfo {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Colour on the stream human output goes to. */
  color: boolean;
  isCI: boolean;
  isGitHubActions: boolean;
  /** Prompts and spinners allowed: TTY on stdin and stderr, not CI. */
  interactive: boolean;
}

export interface TerminalEnv {
  env: Readonly<Record<string, string | undefined>>;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** --color / --no-color, when given. */
  colorFlag?: boolean;
}

/** What the environment alone says: no file descriptor is asked. */
export function detectCi(env: TerminalEnv['env']): Pick<TerminalInfo, 'isCI' | 'isGitHubActions'> {
  return { isCI: !!env.CI && env.CI !== 'false' && env.CI !== '0', isGitHubActions: env.GITHUB_ACTIONS === 'true' };
}

export function detectTerminal(t: TerminalEnv): TerminalInfo {
  const { env } = t;
  const { isCI, isGitHubActions } = detectCi(env);
  // The flag, then FORCE_COLOR either way (supports-color's reading: "", "true" and 1..3 on; "0" and "false" off), then what turns it off, then the terminal.
  const forced = env.FORCE_COLOR === undefined ? undefined : env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  let color: boolean;
  if (t.colorFlag !== undefined) color = t.colorFlag;
  else if (forced !== undefined) color = forced;
  else if ((env.NO_COLOR ?? '') !== '') color = false;
  else if (isCI) color = false;
  else if (env.TERM === 'dumb') color = false;
  else color = t.stdoutIsTTY;
  return {
    stdoutIsTTY: t.stdoutIsTTY,
    stderrIsTTY: t.stderrIsTTY,
    color,
    isCI,
    isGitHubActions,
    interactive: t.stdinIsTTY && t.stderrIsTTY && !isCI,
  };
}
