import { runCli } from './program.js';

/** The CLI bundle's entry (scripts/build.mjs), started by cli-launch.cts: the exit code of one command line. */
export function main(argv: string[]): Promise<number> {
  return runCli(argv);
}
