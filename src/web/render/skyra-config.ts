/**
 * Configures @skyra/discord-components-core before its modules load (it reads
 * `globalThis.$discordMessage` once): avatars come from the page itself, so
 * the page never fetches the service's CDN.
 *
 * Emoji too: the embed title and field name renderers turn any word that
 * merely contains `<:name:` and 17+ digits (even `<:x:` + 23 digits, which
 * is no emoji) into an image from the CDN. They look the word up in
 * `emojis` first, so an `emojis` that answers every word with a nameless
 * entry keeps each word as text. Real custom emoji are written as `:name:`
 * before they get there (render/text.ts).
 */
import { avatarDataUrl } from './avatar.js';

const noEmoji = new Proxy({} as Record<string, { name?: string }>, { get: () => ({}) });

(globalThis as { $discordMessage?: unknown }).$discordMessage = {
  avatars: {
    default: avatarDataUrl('0', '?'),
    blue: avatarDataUrl('0', '?'),
    gray: avatarDataUrl('1', '?'),
    green: avatarDataUrl('2', '?'),
    orange: avatarDataUrl('3', '?'),
    red: avatarDataUrl('4', '?'),
    pink: avatarDataUrl('5', '?'),
  },
  emojis: noEmoji,
  defaultTheme: 'dark',
};
