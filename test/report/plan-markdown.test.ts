import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/model.js';
import { DEFAULT_MARKDOWN_MAX_BYTES, formatPlanMarkdown } from '../../src/report/plan/markdown.js';
import { planWebhooks } from '../../src/plan/webhooks.js';
import { GUILD, action, basePlan, emptyPlan, fullPlan, scope } from './plan-fixtures.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Many scopes of many updates with long, multi-byte descriptions. */
function bigPlan(scopes: number, perScope: number): Plan {
  const base = basePlan();
  const all = [...base.scopes];
  for (let g = 0; g < scopes; g++) {
    const key = `guild:${1000 + g}`;
    const actions = Array.from({ length: perScope }, (_, i) =>
      action({
        kind: 'update',
        address: `${key}/chat_input/cmd${i}`,
        name: `cmd${i}`,
        remote: { id: String(i + 1), name: `cmd${i}`, type: 1 },
        changes: [
          { path: 'description', before: 'é'.repeat(50), after: 'ü'.repeat(50) },
          { path: 'options[0].description', before: 'a', after: 'b' },
        ],
      }),
    );
    all.push(scope({ key, scope: { kind: 'guild', guildId: String(1000 + g) }, actions }));
  }
  const n = scopes * perScope;
  return { ...base, scopes: all, summary: { ...base.summary, update: n }, request_count: n };
}

function shownActions(md: string): number {
  return md.split('\n').filter((l) => /^! {3}chat_input\/cmd\d+ will be updated/.test(l)).length;
}

describe('formatPlanMarkdown', () => {
  it('has a title, the summary line, a table per scope and a diff block per scope', () => {
    const md = formatPlanMarkdown(fullPlan(), { title: 'Commands plan' });
    expect(md.startsWith('## Commands plan\n\n')).toBe(true);
    expect(md).toContain('**Plan: 2 to add, 2 to change, 2 to destroy; 2 permission sets. 7 requests.**');
    expect(md).toContain('| `global` | 1 | 1 | 1 | 0 | 1 | 0 | 4 |');
    expect(md).toContain(`| \`guild:${GUILD}\` | 0 | 0 | 0 | 1 | 0 | 2 | 3 |`);
    expect(md).toContain('| **Total** | 1 | 1 | 1 | 1 | 1 | 2 | 7 |');
    expect(md).toContain(
      '<details><summary><code>global</code>: 1 to create, 1 to update, 1 to rename, 1 to delete</summary>\n\n```diff\n',
    );
    const lines = md.split('\n');
    expect(lines).toContain('+   chat_input/ping will be created');
    expect(lines).toContain('!   chat_input/echo will be updated in place');
    expect(lines).toContain('!       description: "a" → "b"');
    expect(lines).toContain('-       nsfw: true');
    expect(lines).toContain(
      '-/+ message/Profile must be replaced (type changed): new id; permissions will be re-applied',
    );
    expect(lines).toContain(
      '#   kept, not managed by the manifest: primary_entry_point/launch (id 14): auto-created entry point',
    );
    expect(md).toContain('> [!WARNING]\n> This plan spends 2 of 200 daily creates.');
    expect(md.match(/<details>/g)).toHaveLength(2);
    expect(md.match(/<\/details>/g)).toHaveLength(2);
    expect(md).not.toContain('not shown');
  });

  it('says "No changes" and still shows kept commands', () => {
    const md = formatPlanMarkdown(emptyPlan());
    expect(md).toContain('**No changes. Remote commands match the manifest.**');
    expect(md).not.toContain('| Scope |');
    expect(md).toContain(
      '#   kept, not managed by the manifest: primary_entry_point/launch (id 2): auto-created entry point',
    );
  });

  it('escapes HTML in names and lengthens the fence around backticks', () => {
    const plan = fullPlan();
    plan.scopes[0].actions[1].changes = [{ path: 'description', before: 'a', after: '```</details><b>x' }];
    const md = formatPlanMarkdown(plan, { guildNames: { [GUILD]: '<script>' } });
    expect(md).toContain('<code>guild:111111111111111111 (&lt;script&gt;)</code>');
    expect(md).toContain('````diff\n');
    expect(md.match(/<\/details>/g)).toHaveLength(2 + 1 /* inside the code block */);
  });

  it('stays under the byte cap and says how many actions were cut', () => {
    const plan = bigPlan(5, 200);
    const max = 20_000;
    const md = formatPlanMarkdown(plan, { maxBytes: max });
    expect(bytes(md)).toBeLessThanOrEqual(max);
    const shown = shownActions(md);
    expect(shown).toBeGreaterThan(0);
    expect(md.trimEnd().split('\n').at(-1)).toBe(
      `_… ${1000 - shown} more actions not shown: a step summary is limited to 1 MiB. Run \`cmdsync plan\` for the full plan._`,
    );
    // Every opened block is closed, so the rest of the page still renders.
    expect(md.match(/<details>/g)!.length).toBe(md.match(/<\/details>/g)!.length);
    expect((md.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it('defaults to just under 1 MiB', () => {
    expect(DEFAULT_MARKDOWN_MAX_BYTES).toBeLessThan(1024 * 1024);
    const md = formatPlanMarkdown(bigPlan(10, 1000));
    expect(bytes(md)).toBeLessThanOrEqual(DEFAULT_MARKDOWN_MAX_BYTES);
    expect(md).toMatch(/_… \d+ more actions not shown/);
    expect(bytes(md)).toBeGreaterThan(DEFAULT_MARKDOWN_MAX_BYTES - 2000);
  });

  it('holds any cap, even one smaller than its own header', () => {
    for (const max of [0, 50, 300, 1000])
      expect(bytes(formatPlanMarkdown(bigPlan(2, 50), { maxBytes: max }))).toBeLessThanOrEqual(max);
  });

  it('does not truncate a plan that fits', () => {
    const plan = bigPlan(2, 10);
    const md = formatPlanMarkdown(plan, { maxBytes: 100_000 });
    expect(shownActions(md)).toBe(20);
    expect(md).not.toContain('not shown');
  });
});

describe('the counts table', () => {
  /** The full plan, a guild with nothing to do, and webhooks (one created, one deleted) as the planner makes them. */
  function planWithWebhooksAndAnIdleGuild(): Plan {
    const plan = fullPlan();
    const idle = scope({
      key: 'guild:222222222222222222',
      scope: { kind: 'guild', guildId: '222222222222222222' },
      actions: [
        action({
          kind: 'noop',
          address: 'guild:222222222222222222/chat_input/ping',
          name: 'ping',
          remote: { id: '30', name: 'ping', type: 1 },
        }),
      ],
    });
    const stale = { id: '41', type: 1, channelId: '10', name: 'Old', avatarHash: null, applicationId: '999' };
    const webhooks = planWebhooks(
      { channels: ['10'], keep: [], webhooks: [{ channelId: '10', name: 'Deploys', key: 'deploys' }] },
      [stale],
      {},
      '999',
    );
    return {
      ...plan,
      scopes: [...plan.scopes, idle],
      webhooks,
      summary: { ...plan.summary, webhooks: { create: 1, update: 0, delete: 1 } },
      request_count: plan.request_count + webhooks.requests.length,
    };
  }

  /** The table's rows as label → cells (numbers, or undefined for a column that does not apply). */
  function rows(md: string): Map<string, Array<number | undefined>> {
    const out = new Map<string, Array<number | undefined>>();
    for (const line of md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Scope'))) {
      const [label, ...cells] = line.slice(2, -2).split(' | ');
      out.set(
        label,
        cells.map((c) => (c === '—' ? undefined : Number(c))),
      );
    }
    return out;
  }

  it('adds up: every request the plan counts is in a row, and each total is the sum of its column', () => {
    const plan = planWithWebhooksAndAnIdleGuild();
    expect(plan.webhooks!.requests).toHaveLength(2);
    const table = rows(formatPlanMarkdown(plan));
    const total = table.get('**Total**')!;
    table.delete('**Total**');
    expect(table.get('`webhooks`')).toEqual([1, 0, undefined, undefined, 1, undefined, 2]);
    for (const [i, sum] of total.entries()) expect([...table.values()].reduce((n, r) => n + (r[i] ?? 0), 0)).toBe(sum);
    expect(total.at(-1)).toBe(plan.request_count);
    expect(total.at(-1)).toBe(9);
  });

  it('leaves out a scope with nothing to do', () => {
    const md = formatPlanMarkdown(planWithWebhooksAndAnIdleGuild());
    expect(md).not.toContain('guild:222222222222222222');
    expect([...rows(md).keys()]).toEqual(['`global`', `\`guild:${GUILD}\``, '`webhooks`', '**Total**']);
  });
});
