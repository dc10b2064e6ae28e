import { VERSION } from '../../version.js';

export const PROJECT_URL = 'https://github.com/cmdsync/cmdsync';

/** The form the service requires: `DiscordBot ($url, $versionNumber)`; requests without it may be blocked. */
export function userAgent(version = VERSION): string {
  return `DiscordBot (${PROJECT_URL}, ${version})`;
}
