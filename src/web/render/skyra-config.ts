/**
 * Configures @skyra/discord-components-core before its modules load (it reads
 * `globalThis.$discordMessage` once): avatars come from the page itself, so
 * the page never fetches the service's CDN.
 */
import { avatarDataUrl } from './avatar.js';

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
  defaultTheme: 'dark',
};
