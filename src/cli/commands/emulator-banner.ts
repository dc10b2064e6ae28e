/**
 * What `cmdsync emulator` prints about the world it serves: the two forms of
 * its URL, and every application (id, bot token, public key) and guild
 * (channels, members, roles with ids), so nobody has to read the world view
 * to find an id. Pure. The tokens printed are the emulator's own: they open
 * nothing but this local emulator.
 */
import { ChannelType, enumName } from '../../wire/enums.js';
import type { World } from '../../emulator/state/world.js';

/** Entries shown per list; the rest are counted ("… and N more"). */
export const BANNER_CAPS = { applications: 5, guilds: 3, perList: 10 };

/** Seed names are free text: one line each, whatever they hold. */
function clean(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

function capped<T>(
  items: readonly T[],
  max: number,
  line: (item: T) => string,
  noun: string,
  indent: string,
): string[] {
  const shown = items.slice(0, max).map((item) => `${indent}${line(item)}`);
  if (items.length > max) shown.push(`${indent}… and ${items.length - max} more ${noun}`);
  return shown;
}

/** The URL without what the user must not see in a log: a password or user name in it. */
export function printableUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === '' && u.password === '') return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** `CMDSYNC_API_URL` (with the version) and `DISCORD_REST_BASE` (without), and which is for what. */
export function urlLines(versioned: string, restBase: string): string[] {
  return [
    '# CMDSYNC_API_URL has the version (cmdsync, raw HTTP); DISCORD_REST_BASE has not, for libraries that add it',
    '# (discord.js: rest: { api: DISCORD_REST_BASE }; given CMDSYNC_API_URL it would ask for /api/v10/v10/…)',
    `CMDSYNC_API_URL=${versioned}`,
    `DISCORD_REST_BASE=${restBase}`,
  ];
}

function channelLine(c: World['guilds'][string]['channels'][number], all: World['guilds'][string]['channels']): string {
  const notes: string[] = [];
  if (c.type !== ChannelType.GUILD_TEXT) notes.push((enumName(ChannelType, c.type) ?? String(c.type)).toLowerCase());
  const parent = c.parentId ? all.find((p) => p.id === c.parentId) : undefined;
  if (parent) notes.push(`in #${clean(parent.name)}`);
  if (c.nsfw) notes.push('age-restricted');
  return `#${clean(c.name)}  ${c.id}${notes.length > 0 ? `  (${notes.join(', ')})` : ''}`;
}

/** The applications and guilds of `world`, as comment lines; the defaults first. */
export function worldLines(world: World, defaults: { applicationId: string; guildId: string }): string[] {
  const out: string[] = [];
  const apps = Object.values(world.applications).sort(
    (a, b) => Number(b.id === defaults.applicationId) - Number(a.id === defaults.applicationId),
  );
  out.push(`# applications (${apps.length}; the emulator's own tokens, for this emulator only):`);
  for (const a of apps.slice(0, BANNER_CAPS.applications)) {
    out.push(
      `#   ${clean(a.name)}  ${a.id}${a.id === defaults.applicationId ? '  (default: the DISCORD_* values above)' : ''}`,
    );
    out.push(`#     bot token ${a.botToken}`, `#     public key ${a.publicKey ?? '(none)'}`);
  }
  if (apps.length > BANNER_CAPS.applications)
    out.push(`#   … and ${apps.length - BANNER_CAPS.applications} more applications`);
  const guilds = Object.values(world.guilds).sort(
    (a, b) => Number(b.id === defaults.guildId) - Number(a.id === defaults.guildId),
  );
  for (const g of guilds.slice(0, BANNER_CAPS.guilds)) {
    out.push(`# guild ${clean(g.name)}  ${g.id}${g.id === defaults.guildId ? '  (default)' : ''}`);
    out.push(`#   channels (${g.channels.length}):`);
    out.push(...capped(g.channels, BANNER_CAPS.perList, (c) => channelLine(c, g.channels), 'channels', '#     '));
    out.push(`#   members (${g.members.length}):`);
    out.push(
      ...capped(
        g.members,
        BANNER_CAPS.perList,
        (m) => `@${clean(m.username)}  ${m.id}${m.id === g.ownerId ? '  (owner)' : ''}`,
        'members',
        '#     ',
      ),
    );
    const roles = g.roles.filter((r) => r.id !== g.id);
    if (roles.length > 0) {
      out.push(`#   roles (${roles.length}, besides @everyone ${g.id}):`);
      out.push(...capped(roles, BANNER_CAPS.perList, (r) => `@${clean(r.name)}  ${r.id}`, 'roles', '#     '));
    }
  }
  if (guilds.length > BANNER_CAPS.guilds)
    out.push(`# … and ${guilds.length - BANNER_CAPS.guilds} more guilds (GET /__emulator/view/world lists everything)`);
  // The example uses names this world has, so it can be pasted.
  const home = guilds[0];
  const channel = clean(home?.channels[0]?.name ?? 'general');
  const member = clean(home?.members[0]?.username ?? 'bob');
  out.push(
    `# names work where ids do: cmdsync invoke … --channel ${channel} --user ${member}, and in options who:@${member} where:#${channel}`,
  );
  return out;
}
