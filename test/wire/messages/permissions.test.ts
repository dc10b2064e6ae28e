/**
 * What each channel-message action needs of the caller (wire/messages/permissions.ts): the first
 * missing bit is the refusal, VIEW_CHANNEL before everything, and which answer each gives.
 */
import { describe, expect, it } from 'vitest';
import {
  ChannelErrors,
  createRefusal,
  deleteRefusal,
  historyVisible,
  manageRefusal,
  mayMentionEveryone,
  P,
  pinRefusal,
  reactRefusal,
  readOneRefusal,
  viewRefusal,
} from '../../../src/wire/messages/index.js';

const { missingAccess, missingPermissions, replyWithoutHistory } = ChannelErrors;
const none = { thread: false, embeds: false, files: false, tts: false, reply: false };

describe('createRefusal', () => {
  const sender = P.VIEW_CHANNEL | P.SEND_MESSAGES;

  it('needs view, then send (send in threads in a thread)', () => {
    expect(createRefusal(P.SEND_MESSAGES, none)).toBe(missingAccess);
    expect(createRefusal(P.VIEW_CHANNEL, none)).toBe(missingPermissions);
    expect(createRefusal(sender, none)).toBeUndefined();
    expect(createRefusal(sender, { ...none, thread: true })).toBe(missingPermissions);
    expect(createRefusal(P.VIEW_CHANNEL | P.SEND_MESSAGES_IN_THREADS, { ...none, thread: true })).toBeUndefined();
  });

  it('then each bit the body uses, only when it uses it', () => {
    const cases = [
      ['embeds', P.EMBED_LINKS, missingPermissions],
      ['files', P.ATTACH_FILES, missingPermissions],
      ['tts', P.SEND_TTS_MESSAGES, missingPermissions],
      ['reply', P.READ_MESSAGE_HISTORY, replyWithoutHistory],
    ] as const;
    for (const [need, bit, refusal] of cases) {
      expect(createRefusal(sender, { ...none, [need]: true }), need).toBe(refusal);
      expect(createRefusal(sender | bit, { ...none, [need]: true }), need).toBeUndefined();
    }
  });
});

describe('the other actions', () => {
  const seen = P.VIEW_CHANNEL;

  it('reading one message needs history; the list without it is empty, not refused', () => {
    expect(viewRefusal(0n)).toBe(missingAccess);
    expect(viewRefusal(seen)).toBeUndefined();
    expect(readOneRefusal(P.READ_MESSAGE_HISTORY)).toBe(missingAccess);
    expect(readOneRefusal(seen)).toBe(missingPermissions);
    expect(readOneRefusal(seen | P.READ_MESSAGE_HISTORY)).toBeUndefined();
    expect(historyVisible(seen)).toBe(false);
    expect(historyVisible(P.READ_MESSAGE_HISTORY)).toBe(true);
  });

  it("deleting one's own message needs only view; another's needs MANAGE_MESSAGES", () => {
    expect(deleteRefusal(0n, true)).toBe(missingAccess);
    expect(deleteRefusal(seen, true)).toBeUndefined();
    expect(deleteRefusal(seen, false)).toBe(missingPermissions);
    expect(deleteRefusal(seen | P.MANAGE_MESSAGES, false)).toBeUndefined();
    expect(manageRefusal(P.MANAGE_MESSAGES)).toBe(missingAccess);
    expect(manageRefusal(seen)).toBe(missingPermissions);
    expect(manageRefusal(seen | P.MANAGE_MESSAGES)).toBeUndefined();
  });

  it('reacting needs history; ADD_REACTIONS only for a new emoji', () => {
    const reader = seen | P.READ_MESSAGE_HISTORY;
    expect(reactRefusal(P.READ_MESSAGE_HISTORY | P.ADD_REACTIONS, false)).toBe(missingAccess);
    expect(reactRefusal(seen | P.ADD_REACTIONS, false)).toBe(missingPermissions);
    expect(reactRefusal(reader, false)).toBeUndefined();
    expect(reactRefusal(reader, true)).toBe(missingPermissions);
    expect(reactRefusal(reader | P.ADD_REACTIONS, true)).toBeUndefined();
  });

  it('pins need PIN_MESSAGES, which MANAGE_MESSAGES no longer grants; everyone pings need MENTION_EVERYONE', () => {
    expect(pinRefusal(P.PIN_MESSAGES)).toBe(missingAccess);
    expect(pinRefusal(seen | P.MANAGE_MESSAGES)).toBe(missingPermissions);
    expect(pinRefusal(seen | P.PIN_MESSAGES)).toBeUndefined();
    expect(mayMentionEveryone(seen)).toBe(false);
    expect(mayMentionEveryone(P.MENTION_EVERYONE)).toBe(true);
  });
});
