/**
 * A bot that registers its own commands as it starts (discord.py's
 * `tree.sync()`, discord.js's `application.commands.set()`) replaces what
 * the manifest deployed, on the service as here. The runner notes the bot's
 * writes to its commands' routes while it starts and, when there were any,
 * plans the manifest against the world the bot left: that plan, read from
 * the manifest to the bot (match/drift.ts), is what differs.
 */
import { isCommandWrite, type RunningEmulator } from '../../emulator/index.js';
import type { ValidManifest } from '../../sync/load.js';
import { scopeKey } from '../../wire/scope.js';
import { displayPath } from '../file/read.js';
import { commandDifferences } from '../match/drift.js';
import type { CommandDrift, CommandWrite } from '../model.js';
import { originAt } from './manifest-at.js';
import { planAgainstWorld, withWorldTarget } from './manifest.js';
import type { BotIdentity } from './world.js';

/** What the session finds; `--strict` decides how grave it is (run-file.ts). */
export type FoundDrift = Omit<CommandDrift, 'severity'>;

/** Each scope holding the application's commands, with their ids and versions: a scope whose entry changes was written. */
function commandScopes(emulator: RunningEmulator, applicationId: string): Map<string, string> {
  const scopes = new Map<string, string[]>();
  for (const c of Object.values(emulator.world.commands)) {
    if (c.application_id !== applicationId) continue;
    const key = scopeKey(c.guild_id !== undefined ? { kind: 'guild', guildId: c.guild_id } : { kind: 'global' });
    scopes.set(key, [...(scopes.get(key) ?? []), `${c.id}@${c.version}`]);
  }
  return new Map([...scopes].map(([k, v]) => [k, v.sort().join()]));
}

/** Notes the command writes made from now on (after the manifest was applied: they are the bot's). */
export class CommandWriteWatch {
  readonly writes: CommandWrite[] = [];
  private readonly before: Map<string, string>;
  private readonly detach: () => void;

  constructor(
    private readonly emulator: RunningEmulator,
    private readonly applicationId: string,
  ) {
    this.before = commandScopes(emulator, applicationId);
    this.detach = emulator.events.observe((note) => {
      if (note.kind === 'request' && isCommandWrite(note.method, note.route))
        this.writes.push({ method: note.method, route: note.route, status: note.status });
    });
  }

  /** The guilds whose commands changed since the watch began. */
  changedGuilds(): string[] {
    const now = commandScopes(this.emulator, this.applicationId);
    const keys = new Set([...this.before.keys(), ...now.keys()]);
    return [...keys].filter((k) => k.startsWith('guild:') && this.before.get(k) !== now.get(k)).map((k) => k.slice(6));
  }

  stop(): void {
    this.detach();
  }
}

/**
 * What the bot's registering came to, undefined when it registered nothing.
 * Guilds the bot wrote to that the manifest does not declare are planned as
 * empty, so their commands show as added.
 */
export async function findDrift(
  watch: CommandWriteWatch,
  emulator: RunningEmulator,
  bot: BotIdentity,
  manifest: { path: string; env: NodeJS.ProcessEnv; loaded: ValidManifest },
): Promise<FoundDrift | undefined> {
  watch.stop();
  if (watch.writes.length === 0) return undefined;
  const { plan } = await withWorldTarget(emulator, bot, (target) =>
    planAgainstWorld(target, manifest.path, manifest.env, manifest.loaded, {
      undeclaredGuilds: watch.changedGuilds(),
    }),
  );
  return {
    manifest: displayPath(manifest.path),
    requests: watch.writes,
    differences: commandDifferences(plan, (origin) => originAt(manifest.loaded.manifest, origin)),
  };
}
