import { describe, expect, it } from 'vitest';
import { matchStep } from '../../src/bot-test/match/step.js';
import type { Expectation, MessageMatcher, Observed, ObservedMessage, SourceAt } from '../../src/bot-test/model.js';
import { deliveryLine } from '../../src/wire/interactions/delivery.js';

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
const reply = (m: Omit<MessageMatcher, 'at'>, line = 5): Expectation => ({ reply: { ...m, at: at(line) }, at: at(4) });
const buttons = (...labels: string[]): ObservedMessage['components'] =>
  labels.map((label, i) => ({ type: 2, label, customId: `b${i}` }));

describe('matchStep: messages', () => {
  it('passes on what is written and ignores the rest', () => {
    const o = observed({ reply: msg('pong', { ephemeral: true, components: buttons('Yes', 'No') }) });
    expect(matchStep(reply({ content: exact('pong') }), o)).toEqual([]);
    expect(matchStep(reply({ components: [exact('Yes')] }), o)).toEqual([]);
    expect(matchStep(reply({ components: [exact('Yes'), exact('No')], ephemeral: true }), o)).toEqual([]);
  });

  it('text is exact; /…/ is a regular expression', () => {
    const o = observed({ reply: msg('Pong! 42 ms') });
    expect(matchStep(reply({ content: exact('Pong!') }), o)).toEqual([
      { path: 'reply.content', expected: '"Pong!"', actual: '"Pong! 42 ms"', at: at(5) },
    ]);
    expect(matchStep(reply({ content: re('^pong! \\d+ ms$', 'i') }), o)).toEqual([]);
    expect(matchStep(reply({ content: re('^pong') }), o)).toEqual([
      { path: 'reply.content', expected: '/^pong/', actual: '"Pong! 42 ms"', at: at(5) },
    ]);
  });

  it('components by label, else custom_id, else placeholder, in order', () => {
    const o = observed({
      update: msg('', {
        components: [
          { type: 2, customId: 'confirm' },
          { type: 3, customId: 'pick', placeholder: 'Choose a colour' },
          { type: 2, label: 'Cancel', customId: 'x' },
        ],
      }),
    });
    const update = (components: MessageMatcher['components']): Expectation => ({
      update: { components, at: at(7) },
      at: at(6),
    });
    expect(matchStep(update([exact('confirm'), re('colour'), exact('Cancel')]), o)).toEqual([]);
    expect(matchStep(update([exact('x')]), o)).toEqual([]);
    expect(matchStep(update([exact('Cancel'), exact('confirm')]), o)).toEqual([
      {
        path: 'update.components',
        expected: '["Cancel", "confirm"]',
        actual: '["confirm", "Choose a colour", "Cancel"]',
        at: at(7),
      },
    ]);
  });

  it('components: [] asks for a message without any (the buttons gone after a click)', () => {
    const none: Expectation = { update: { components: [], at: at(7) }, at: at(6) };
    expect(matchStep(none, observed({ update: msg('Done') }))).toEqual([]);
    expect(matchStep(none, observed({ update: msg('Done', { components: buttons('Yes') }) }))).toEqual([
      { path: 'update.components', expected: '[]', actual: '["Yes"]', at: at(7) },
    ]);
  });

  it('ephemeral', () => {
    expect(matchStep(reply({ ephemeral: true }), observed({ reply: msg('x') }))).toEqual([
      { path: 'reply.ephemeral', expected: 'true', actual: 'false', at: at(5) },
    ]);
  });

  it('embeds as partial objects, strings as matchers', () => {
    const embed = {
      title: 'Results',
      description: 'found 3',
      color: 5,
      fields: [
        { name: 'first', value: 'a' },
        { name: 'second', value: 'b' },
      ],
    };
    const o = observed({ reply: msg('', { embeds: [embed] }) });
    expect(matchStep(reply({ embeds: [{ title: 'Results', fields: [{ name: 'first' }] }] }), o)).toEqual([]);
    expect(matchStep(reply({ embeds: [{ description: '/found \\d+/', color: 5 }] }), o)).toEqual([]);
    expect(matchStep(reply({ embeds: [{ title: 'Result', fields: [{}, { value: '/^c/' }] }] }), o)).toEqual([
      { path: 'reply.embeds[0].title', expected: '"Result"', actual: '"Results"', at: at(5) },
      { path: 'reply.embeds[0].fields[1].value', expected: '/^c/', actual: '"b"', at: at(5) },
    ]);
    expect(matchStep(reply({ embeds: [{}, { title: 'x' }] }), o)).toEqual([
      { path: 'reply.embeds[1]', expected: 'an embed', actual: '1 embed', at: at(5) },
    ]);
    expect(matchStep(reply({ embeds: [{ footer: { text: 'f' } }] }), o)).toEqual([
      { path: 'reply.embeds[0].footer', expected: '{"text":"f"}', actual: 'nothing', at: at(5) },
    ]);
  });

  it('a missing answer says what happened instead', () => {
    expect(matchStep(reply({ content: exact('pong') }), observed({ update: msg('changed') }))).toEqual([
      {
        path: 'reply',
        expected: 'a reply "pong"',
        actual: 'no reply; the bot updated the message to "changed"',
        at: at(5),
      },
    ]);
    expect(matchStep({ message: { content: re('hi'), at: at(9) }, at: at(8) }, observed({}))).toEqual([
      {
        path: 'message',
        expected: 'a message from the bot matching /hi/',
        actual: 'no message from the bot; nothing happened',
        at: at(9),
      },
    ]);
  });
});

describe('matchStep: refused and no answer', () => {
  it('an expected reply when the service refused, or the bot never answered, says so plainly', () => {
    expect(matchStep(reply({ content: exact('pong') }), observed({ refused: 'You lack BAN_MEMBERS' }))).toEqual([
      { path: 'reply', expected: 'a reply "pong"', actual: 'refused: You lack BAN_MEMBERS', at: at(5) },
    ]);
    // What the runner observes is the delivery outcome's own line (run/steps.ts): said once, never `no answer: no answer: …`.
    expect(
      matchStep(
        { followups: [], choices: [], at: at(4) },
        observed({ noAnswer: deliveryLine({ kind: 'no-callback' }) }),
      ),
    ).toEqual([{ path: 'choices', expected: '0 choices', actual: 'no answer within 3 s', at: at(4) }]);
    expect(
      matchStep(reply({ content: exact('pong') }), observed({ noAnswer: deliveryLine({ kind: 'no-session' }) })),
    ).toEqual([
      { path: 'reply', expected: 'a reply "pong"', actual: 'no answer: no gateway session connected', at: at(5) },
    ]);
  });

  it('refused: true, or the text the refusal contains', () => {
    const refused = observed({ refused: 'Missing permission BAN_MEMBERS' });
    expect(matchStep({ refused: true, at: at(4) }, refused)).toEqual([]);
    expect(matchStep({ refused: 'ban_members', at: at(4) }, refused)).toEqual([]);
    expect(matchStep({ refused: 'MANAGE_GUILD', at: at(4) }, refused)).toEqual([
      {
        path: 'refused',
        expected: 'refused, containing "MANAGE_GUILD"',
        actual: 'refused: "Missing permission BAN_MEMBERS"',
        at: at(4),
      },
    ]);
    expect(matchStep({ refused: true, at: at(4) }, observed({ reply: msg('banned') }))).toEqual([
      { path: 'refused', expected: 'refused', actual: 'the bot replied "banned"', at: at(4) },
    ]);
  });

  it('no-answer', () => {
    expect(matchStep({ noAnswer: true, at: at(4) }, observed({ noAnswer: 'expired' }))).toEqual([]);
    expect(matchStep({ noAnswer: true, at: at(4) }, observed({ reply: msg('hi'), followups: [msg('a')] }))).toEqual([
      { path: 'no-answer', expected: 'no answer', actual: 'the bot replied "hi", 1 follow-up', at: at(4) },
    ]);
  });
});

describe('matchStep: lists', () => {
  it('followups: exactly as many as written, each partial', () => {
    const o = observed({ reply: msg('working'), followups: [msg('done'), msg('extra', { ephemeral: true })] });
    const expect2 = (followups: MessageMatcher[]): Expectation => ({ followups, at: at(4) });
    expect(
      matchStep(
        expect2([
          { content: exact('done'), at: at(5) },
          { ephemeral: true, at: at(6) },
        ]),
        o,
      ),
    ).toEqual([]);
    expect(matchStep(expect2([{ content: exact('Done'), at: at(5) }]), o)).toEqual([
      { path: 'followups', expected: '1 follow-up', actual: '2 follow-ups: "done", "extra"', at: at(4) },
      { path: 'followups[0].content', expected: '"Done"', actual: '"done"', at: at(5) },
    ]);
    expect(matchStep(expect2([]), observed({}))).toEqual([]);
  });

  it('choices: by name, in order, exactly as many', () => {
    const o = observed({
      choices: [
        { name: 'abc', value: 'abc' },
        { name: 'abd', value: 1 },
      ],
    });
    expect(matchStep({ choices: [exact('abc'), re('^ab')], at: at(4) }, o)).toEqual([]);
    expect(matchStep({ choices: [exact('abd'), exact('abc')], at: at(4) }, o)).toEqual([
      { path: 'choices', expected: '["abd", "abc"]', actual: '["abc", "abd"]', at: at(4) },
    ]);
    expect(matchStep({ choices: [exact('abc')], at: at(4) }, o)).toHaveLength(1);
  });

  it('modal: title and fields by label or custom_id', () => {
    const modal = {
      title: 'Report',
      customId: 'report',
      fields: [
        { customId: 'reason', label: 'Why?', style: 1, required: true },
        { customId: 'detail', label: 'Details', style: 2, required: false },
      ],
    };
    const o = observed({ modal });
    expect(
      matchStep(
        { modal: { title: exact('Report'), fields: [exact('reason'), exact('Details')], at: at(5) }, at: at(4) },
        o,
      ),
    ).toEqual([]);
    expect(
      matchStep({ modal: { title: re('^Bug'), fields: [exact('Details'), exact('Why?')], at: at(5) }, at: at(4) }, o),
    ).toEqual([
      { path: 'modal.title', expected: '/^Bug/', actual: '"Report"', at: at(5) },
      { path: 'modal.fields', expected: '["Details", "Why?"]', actual: '["Why?", "Details"]', at: at(5) },
    ]);
  });

  it('long values are cut short', () => {
    const [m] = matchStep(reply({ content: exact('short') }), observed({ reply: msg('x'.repeat(500)) }));
    expect(m!.actual.length).toBeLessThanOrEqual(120);
    expect(m!.actual.endsWith('…')).toBe(true);
  });
});
