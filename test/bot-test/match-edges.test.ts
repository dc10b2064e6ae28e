import { describe, expect, it } from 'vitest';
import { matchStep } from '../../src/bot-test/match/step.js';
import { matchesText, matchesWritten } from '../../src/bot-test/match/text.js';
import type { Expectation, MessageMatcher, Observed, ObservedMessage, SourceAt } from '../../src/bot-test/model.js';

/**
 * What the matchers of `cmdsync test` say at their edges: found by mutants of
 * src/bot-test/match that survived match.test.ts (docs/mutation.md).
 */

const at = (line: number): SourceAt => ({ file: 'bot.test.yaml', line, column: 9 });
const msg = (content: string, extra: Partial<ObservedMessage> = {}): ObservedMessage => ({
  id: '1',
  content,
  embeds: [],
  components: [],
  ephemeral: false,
  reactions: [],
  ...extra,
});
const observed = (o: Partial<Observed>): Observed => ({ followups: [], messages: [], ...o });
const exact = (s: string) => ({ exact: s });
const re = (pattern: string, flags = '') => ({ pattern, flags });
const reply = (m: Omit<MessageMatcher, 'at'>): Expectation => ({ reply: { ...m, at: at(5) }, at: at(4) });
const embedDiff = (written: Record<string, unknown>, embed: Record<string, unknown>) =>
  matchStep(reply({ embeds: [written] }), observed({ reply: msg('', { embeds: [embed] }) }));

describe('text matchers', () => {
  it('nothing is never text: an absent value matches no pattern, not even one that matches "undefined"', () => {
    expect(matchesText(re('undef'), undefined)).toBe(false);
    expect(matchesText(re('.*'), undefined)).toBe(false);
    expect(matchesText(exact(''), undefined)).toBe(false);
  });

  it('an embed value written as text matches only text; anything else must be equal', () => {
    expect(matchesWritten('/.*/', undefined)).toBe(false);
    expect(matchesWritten('/^5$/', 5)).toBe(false);
    expect(matchesWritten(5, 5)).toBe(true);
    expect(matchesWritten(5, 6)).toBe(false);
    expect(matchesWritten(true, 'true')).toBe(false);
  });
});

describe('embeds, partially', () => {
  it('a number or a flag must be equal', () => {
    expect(embedDiff({ color: 5 }, { color: 6 })).toEqual([
      { path: 'reply.embeds[0].color', expected: '5', actual: '6', at: at(5) },
    ]);
    expect(embedDiff({ color: 5 }, { color: 5 })).toEqual([]);
  });

  it('a written pattern does not match a field the embed lacks', () => {
    expect(embedDiff({ footer: { text: '/.*/' } }, { footer: {} })).toEqual([
      { path: 'reply.embeds[0].footer.text', expected: '/.*/', actual: 'nothing', at: at(5) },
    ]);
  });

  it('a list or an object written where the embed has none (or null) is one mismatch, never a crash', () => {
    expect(embedDiff({ fields: [{ name: 'a' }] }, { title: 't' })).toEqual([
      { path: 'reply.embeds[0].fields', expected: '[{"name":"a"}]', actual: 'nothing', at: at(5) },
    ]);
    expect(embedDiff({ fields: [{ name: 'a' }] }, { fields: 'a' })).toEqual([
      { path: 'reply.embeds[0].fields', expected: '[{"name":"a"}]', actual: '"a"', at: at(5) },
    ]);
    expect(embedDiff({ footer: { text: 'f' } }, { footer: null })).toEqual([
      { path: 'reply.embeds[0].footer', expected: '{"text":"f"}', actual: 'null', at: at(5) },
    ]);
    expect(embedDiff({ footer: { text: 'f' } }, { footer: ['f'] })).toEqual([
      { path: 'reply.embeds[0].footer', expected: '{"text":"f"}', actual: '["f"]', at: at(5) },
    ]);
  });

  it('null written matches null', () => {
    expect(embedDiff({ url: null }, { url: null })).toEqual([]);
  });

  it('the report shows a written regular expression as written, and any other text quoted', () => {
    const embed = { title: 'b' };
    expect(embedDiff({ title: '/^c/i' }, embed)[0]!.expected).toBe('/^c/i');
    expect(embedDiff({ title: 'and/or/' }, embed)[0]!.expected).toBe('"and/or/"');
    expect(embedDiff({ title: '/a/ b' }, embed)[0]!.expected).toBe('"/a/ b"');
  });

  it('a missing embed when the message has none says "0 embeds"', () => {
    expect(matchStep(reply({ embeds: [{ title: 'x' }] }), observed({ reply: msg('') }))).toEqual([
      { path: 'reply.embeds[0]', expected: 'an embed', actual: '0 embeds', at: at(5) },
    ]);
  });
});

describe('components and lists in the report', () => {
  it('a component with neither label, placeholder nor custom_id is named by its type', () => {
    const o = observed({ reply: msg('x', { components: [{ type: 2, url: 'https://example.com' }] }) });
    expect(matchStep(reply({ components: [exact('Go')] }), o)).toEqual([
      { path: 'reply.components', expected: '["Go"]', actual: '["(component type 2)"]', at: at(5) },
    ]);
  });

  it('a long list is cut short, ending in "…]"; a list of exactly 120 characters is shown whole', () => {
    const labels = Array.from({ length: 40 }, (_, i) => `button ${i}`);
    const o = observed({
      reply: msg('x', { components: labels.map((label, i) => ({ type: 2, label, customId: `b${i}` })) }),
    });
    const [m] = matchStep(reply({ components: [exact('none of these')] }), o);
    const full = `[${labels.map((l) => `"${l}"`).join(', ')}]`;
    expect(m!.actual).toBe(`${full.slice(0, 119)}…]`);
    // `[` + `"…"` (label + 2) + `]`: a label of 116 characters makes a list of exactly 120.
    const whole = `"${'w'.repeat(116)}"`;
    const [m2] = matchStep(
      reply({ components: [exact('none')] }),
      observed({ reply: msg('x', { components: [{ type: 2, label: 'w'.repeat(116) }] }) }),
    );
    expect(m2!.actual).toBe(`[${whole}]`);
  });

  it('a value of exactly 120 characters is shown whole; one more is cut', () => {
    const [m] = matchStep(reply({ content: exact('short') }), observed({ reply: msg('y'.repeat(118)) }));
    expect(m!.actual).toBe(`"${'y'.repeat(118)}"`);
    const [m2] = matchStep(reply({ content: exact('short') }), observed({ reply: msg('y'.repeat(119)) }));
    expect(m2!.actual).toBe(`"${'y'.repeat(118)}…`);
  });

  it('choices must each match, not just one of them', () => {
    const o = observed({
      choices: [
        { name: 'abc', value: 'abc' },
        { name: 'abd', value: 1 },
      ],
    });
    expect(matchStep({ choices: [exact('abc'), exact('zzz')], at: at(4) }, o)).toEqual([
      { path: 'choices', expected: '["abc", "zzz"]', actual: '["abc", "abd"]', at: at(4) },
    ]);
  });
});

describe('follow-ups', () => {
  it('a follow-up expected and none sent: the count says 0, and nothing else is compared', () => {
    expect(
      matchStep({ followups: [{ content: exact('done'), at: at(5) }], at: at(4) }, observed({ reply: msg('working') })),
    ).toEqual([{ path: 'followups', expected: '1 follow-up', actual: '0 follow-ups', at: at(4) }]);
  });
});

describe('an expected answer that did not come says what was expected and what happened', () => {
  const refused = observed({ refused: 'Missing Access' });

  it('an update', () => {
    const [m] = matchStep({ update: { content: exact('done'), at: at(5) }, at: at(4) }, observed({ reply: msg('hi') }));
    expect(m!.path).toBe('update');
    expect(m!.expected).toMatch(/^an? update "done"$/);
    expect(m!.actual).toBe('no update; the bot replied "hi"');
    expect(matchStep({ update: { content: exact('done'), at: at(5) }, at: at(4) }, refused)[0]!.expected).toMatch(
      /^an? update "done"$/,
    );
  });

  it('a reply without content', () => {
    expect(matchStep(reply({ ephemeral: true }), refused)).toEqual([
      { path: 'reply', expected: 'a reply', actual: 'refused: Missing Access', at: at(5) },
    ]);
  });

  it('a modal', () => {
    expect(
      matchStep({ modal: { title: exact('Report'), at: at(5) }, at: at(4) }, observed({ reply: msg('hi') })),
    ).toEqual([{ path: 'modal', expected: 'a modal', actual: 'no modal; the bot replied "hi"', at: at(5) }]);
    expect(matchStep({ modal: { at: at(5) }, at: at(4) }, refused)).toEqual([
      { path: 'modal', expected: 'a modal', actual: 'refused: Missing Access', at: at(5) },
    ]);
  });

  it('choices', () => {
    expect(matchStep({ choices: [exact('a'), exact('b')], at: at(4) }, observed({}))).toEqual([
      { path: 'choices', expected: '2 choices', actual: 'no choices; nothing happened', at: at(4) },
    ]);
    expect(matchStep({ choices: [exact('a')], at: at(4) }, refused)).toEqual([
      { path: 'choices', expected: '1 choice', actual: 'refused: Missing Access', at: at(4) },
    ]);
  });

  it('follow-ups', () => {
    expect(
      matchStep({ followups: [{ at: at(5) }, { at: at(6) }], at: at(4) }, observed({ noAnswer: 'no answer: expired' })),
    ).toEqual([
      // The delivery's line is said as it is, never prefixed again (issue 35 item 7).
      { path: 'followups', expected: '2 follow-ups', actual: 'no answer: expired', at: at(4) },
    ]);
  });

  it('what the bot did instead: a modal, choices, a message in the channel', () => {
    const noAnswer: Expectation = { noAnswer: true, at: at(4) };
    const actual = (o: Partial<Observed>) => matchStep(noAnswer, observed(o))[0]!.actual;
    expect(actual({ modal: { title: 'Report', customId: 'r', fields: [] } })).toBe('the bot opened the modal "Report"');
    expect(actual({ choices: [{ name: 'a', value: 'a' }] })).toContain('1 choice');
    expect(actual({ message: msg('hello') })).toBe('the bot said "hello"');
  });
});
