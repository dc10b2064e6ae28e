import { colors, setColor } from '../../src/report/color.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPlanJson, type PlanJsonDocument } from '../../src/report/plan/json.js';
import { PLAN_FORMAT_VERSION } from '../../src/plan/model.js';
import { GUILD, emptyPlan, fullPlan } from './plan-fixtures.js';

const initial = colors().enabled;
afterEach(() => {
  setColor(initial);
});

function doc(plan = fullPlan()): PlanJsonDocument {
  const text = formatPlanJson(plan);
  expect(text.endsWith('}\n')).toBe(true);
  return JSON.parse(text) as PlanJsonDocument;
}

describe('formatPlanJson', () => {
  it('is the plan itself plus a flat changes list', () => {
    const plan = fullPlan();
    const d = doc(plan);
    expect(d.format_version).toBe(PLAN_FORMAT_VERSION);
    expect(d.cmdsync_version).toBe('0.1.0');
    expect(d.application_id).toBe('999');
    expect(d.scopes).toEqual(JSON.parse(JSON.stringify(plan.scopes)));
    expect(d.summary).toEqual(plan.summary);
    expect(d.request_count).toBe(7);
    expect(d.has_changes).toBe(true);
    expect(d.warnings).toHaveLength(2);
  });

  it('encodes actions as Terraform arrays', () => {
    const byAddress = Object.fromEntries(doc().changes.map((c) => [c.address, c]));
    expect(byAddress['global/chat_input/ping'].actions).toEqual(['create']);
    expect(byAddress['global/chat_input/echo'].actions).toEqual(['update']);
    expect(byAddress['global/chat_input/hi'].actions).toEqual(['update']);
    expect(byAddress['global/chat_input/hi'].action_reason).toBe('rename');
    expect(byAddress['global/chat_input/hi'].previous_address).toBe('global/chat_input/hello');
    expect(byAddress['global/chat_input/same'].actions).toEqual(['no-op']);
    expect(byAddress['global/chat_input/old'].actions).toEqual(['delete']);
    const replace = byAddress[`guild:${GUILD}/message/Profile`];
    expect(replace.actions).toEqual(['delete', 'create']);
    expect(replace.action_reason).toBe('replace_because_cannot_update');
    expect(replace.reason).toBe('type changed');
    expect(replace.type_name).toBe('MESSAGE');
    expect(replace.id).toBe('20');
  });

  it('gives before, after and field diffs', () => {
    const byAddress = Object.fromEntries(doc().changes.map((c) => [c.address, c]));
    const create = byAddress['global/chat_input/ping'];
    expect(create.before).toBeNull();
    expect(create.after).toEqual({ name: 'ping', description: 'Pong!', type: 1 });
    const del = byAddress['global/chat_input/old'];
    expect(del.after).toBeNull();
    expect(del.before).toEqual({ id: '13', version: '103', name: 'old', type: 1 });
    expect(byAddress['global/chat_input/echo'].field_diffs).toEqual([
      { path: 'description', action: 'change', before: 'a', after: 'b' },
      { path: 'options[2]', action: 'add', after: { type: 3, name: 'x', description: 'y' } },
      { path: 'nsfw', action: 'remove', before: true },
    ]);
  });

  it('lists permission sets as resources of their own', () => {
    const perms = doc().changes.filter((c) => c.resource === 'permissions');
    expect(perms.map((p) => [p.address, p.actions])).toEqual([
      [`guild:${GUILD}/permissions`, ['update']],
      [`guild:${GUILD}/message/Profile/permissions`, ['update']],
      [`guild:${GUILD}/chat_input/quiet/permissions`, ['no-op']],
    ]);
    expect(perms[0].field_diffs.map((f) => [f.path, f.action])).toEqual([
      ['permissions[1:123]', 'add'],
      [`permissions[1:${GUILD}]`, 'add'],
      ['permissions[2:456]', 'remove'],
    ]);
    expect(perms[1].reason).toBe('replaced command gets a new id');
  });

  it('contains no ANSI even when colour is on, and no credential-like keys', () => {
    setColor(true);
    const text = formatPlanJson(fullPlan());
    expect(text).not.toContain('\u001b');
    expect(text).not.toMatch(/"(token|authorization|secret|bearer)"/i);
  });

  it('says when there is nothing to do', () => {
    const d = doc(emptyPlan());
    expect(d.has_changes).toBe(false);
    expect(d.changes.map((c) => c.actions)).toEqual([['no-op']]);
    expect(d.scopes[0].kept).toHaveLength(1);
  });
});
