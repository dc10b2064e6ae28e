import { Command } from 'commander';

/** Placeholder wiring; commands are added as they land. */
export async function runCli(argv: string[]): Promise<number> {
  const program = new Command('cmdsync');
  await program.parseAsync(argv, { from: 'user' });
  return 0;
}
