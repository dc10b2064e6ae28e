import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { CmdsyncError } from '../../errors.js';
import { SCHEMA_MODELINE, SCHEMA_REF } from '../../manifest/write.js';
import { writeLine, type CliContext } from '../context.js';
import { DEFAULT_MANIFESTS, manifestsIn } from '../workspace.js';

export const STARTER = `${SCHEMA_MODELINE}
# cmdsync manifest: the commands of your application, as code.
#   npx cmdsync lint            check it offline
#   npx cmdsync plan            see what would change
#   npx cmdsync apply           make it so
# Your application's id: set DISCORD_APPLICATION_ID in the environment, in .env
# or as a CI variable (the README's recipe does), or write the id here instead.
application_id: \${DISCORD_APPLICATION_ID}

commands:
  - name: ping
    description: Check that the bot is alive
  - name: echo
    description: Repeat a message
    options:
      - type: string
        name: text
        description: What to repeat
        required: true
        max_length: 2000
  - type: user
    name: Show profile
    contexts: [guild, bot_dm]

guilds: []
#  - id: "123456789012345678"
#    name: Test server
#    commands:
#      - name: debug
#        description: Debug tools for the test server
#        default_member_permissions: [MANAGE_GUILD]
#    permissions:
#      debug:
#        - { role: everyone, allow: false }
`;

/** The same starter for a `.json` manifest: JSON has no comments, so the schema goes in `$schema` and the hints stay in the YAML one. */
export const STARTER_JSON = `${JSON.stringify(
  {
    $schema: SCHEMA_REF,
    application_id: '${DISCORD_APPLICATION_ID}',
    commands: [
      { name: 'ping', description: 'Check that the bot is alive' },
      {
        name: 'echo',
        description: 'Repeat a message',
        options: [{ type: 'string', name: 'text', description: 'What to repeat', required: true, max_length: 2000 }],
      },
      { type: 'user', name: 'Show profile', contexts: ['guild', 'bot_dm'] },
    ],
    guilds: [],
  },
  null,
  2,
)}\n`;

export async function runInit(opts: { path: string; force: boolean }, ctx: CliContext): Promise<number> {
  const target = resolve(ctx.cwd, opts.path);
  if (existsSync(target) && !opts.force) {
    throw new CmdsyncError('FILE_EXISTS', `${opts.path} already exists; pass --force to overwrite it.`);
  }
  // A second default manifest beside the first would make every later run refuse to guess between them.
  if (DEFAULT_MANIFESTS.includes(basename(target))) {
    const other = manifestsIn(dirname(target)).filter((f) => f !== basename(target));
    if (other.length > 0)
      throw new CmdsyncError(
        'MANIFEST_EXISTS',
        `${other.join(' and ')} already exists here; cmdsync uses one manifest per directory. Edit it, or write elsewhere with -m.`,
      );
  }
  writeFileSync(target, extname(target).toLowerCase() === '.json' ? STARTER_JSON : STARTER);
  writeLine(ctx.stderr, `Wrote ${opts.path}. Next: npx cmdsync lint`);
  return 0;
}
