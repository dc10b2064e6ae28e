import { describe, expect, it } from 'vitest';
import { bot, call, start } from '../emulator/helpers.js';
import { runBin } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/**
 * Issue 24, "The entry point": an application with an Activity has the
 * service's own entry point (Launch, handler 2). A manifest that declares an
 * entry point means that command: one apply edits it in place (same id), no
 * delete, no mass-delete refusal, and the next plan is empty, whichever
 * strategy writes the global scope.
 */
const ENTRY = '  - { type: primary_entry_point, name: launch, description: Launch the game, handler: app_handler }';

describe('a declared entry point replaces the auto-created one in place', () => {
  for (const strategy of ['bulk', 'individual'] as const) {
    it(`${strategy}: one unattended apply converges, the id is kept, the next plan is empty`, async () => {
      const em = await start({ seed: { applications: [{ embedded: true }] } });
      try {
        const app = em.credentials.applicationId;
        const before = await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) });
        expect(before.body).toHaveLength(1);
        const launch = before.body[0] as { id: string; name: string; handler: number };
        expect([launch.name, launch.handler]).toEqual(['Launch', 2]);

        const cwd = testdir({
          'cmdsync.yaml': [
            `application_id: "${app}"`,
            'commands:',
            ENTRY,
            '  - { name: ping, description: Ping }',
            '',
          ].join('\n'),
        });
        const env = { CMDSYNC_API_URL: em.url, DISCORD_TOKEN: em.credentials.botToken };
        const planned = await runBin(['plan', '--strategy', strategy, '--json'], { cwd, env });
        expect(planned.code).toBe(0);
        const plan = JSON.parse(planned.stdout) as {
          scopes: Array<{ actions: Array<{ kind: string; remote?: { id: string } }> }>;
          summary: Record<string, number>;
          mass_deletions: unknown[];
        };
        expect(plan.summary).toMatchObject({ create: 1, rename: 1, delete: 0, replace: 0 });
        expect(plan.mass_deletions).toEqual([]);
        expect(plan.scopes[0]!.actions.find((a) => a.kind === 'rename')?.remote?.id).toBe(launch.id);

        const text = await runBin(['plan', '--strategy', strategy], { cwd, env });
        expect(text.stdout).toContain('will be renamed: "Launch" → "launch" (id kept)');

        const applied = await runBin(['apply', '--auto-approve', '--strategy', strategy], { cwd, env });
        expect(applied.stderr).not.toMatch(/error|refus/i);
        expect(applied.code).toBe(0);

        const after = await call(em, 'GET', `/applications/${app}/commands`, { auth: bot(em) });
        const entry = (after.body as Array<{ id: string; type: number; name: string; handler: number }>).filter(
          (c) => c.type === 4,
        );
        expect(entry).toEqual([expect.objectContaining({ id: launch.id, name: 'launch', handler: 1 })]);
        const again = await runBin(['plan', '--detailed-exitcode'], { cwd, env });
        expect(again.code).toBe(0);
      } finally {
        await em.close();
      }
    });
  }
});
