/**
 * The application object as the service sends it (GET /applications/@me),
 * read for what commands are checked against (`ApplicationTraits`), and the
 * comparison of a manifest's `application:` block with it. The emulator
 * writes its application object from the same constants, so both sides read
 * and write one shape.
 */
import { DEFAULT_APP_INTEGRATION_TYPES } from './defaults.js';
import { IntegrationType } from './enums.js';
import { warning, type Problem } from './problem.js';
import type { ApplicationTraits } from './service-rules.js';
import type { Obj } from './rules/values.js';

/** Application flags (the service's bit values) that decide what a command may be. */
export const ApplicationFlag = {
  /** Has an Activity: may have a PRIMARY_ENTRY_POINT command. */
  EMBEDDED: 1 << 17,
  /** The privileged gateway intents approved for a verified app (wire/intents.ts reads them). */
  GATEWAY_PRESENCE: 1 << 12,
  GATEWAY_GUILD_MEMBERS: 1 << 14,
  GATEWAY_MESSAGE_CONTENT: 1 << 18,
  /** The limited gateway intents an app below 100 servers may turn on itself. */
  GATEWAY_PRESENCE_LIMITED: 1 << 13,
  GATEWAY_GUILD_MEMBERS_LIMITED: 1 << 15,
  GATEWAY_MESSAGE_CONTENT_LIMITED: 1 << 19,
} as const;

/** The default application the service gives a new app (and both emulators start from). */
export const DEFAULT_APPLICATION_TRAITS: ApplicationTraits = {
  embedded: false,
  integrationTypes: DEFAULT_APP_INTEGRATION_TYPES,
  discoverable: false,
};

const KNOWN_TYPES = new Set<number>(Object.values(IntegrationType));

/**
 * What an application object says of the application: the EMBEDDED flag, the
 * installation contexts it configures (the keys of `integration_types_config`)
 * and whether it is discoverable. Undefined when `obj` is not an application
 * object (no numeric `flags`), so a caller never checks against a guess.
 */
export function traitsOfApplicationObject(obj: unknown): ApplicationTraits | undefined {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return undefined;
  const o = obj as Obj;
  if (typeof o.flags !== 'number') return undefined;
  const config = o.integration_types_config;
  const integrationTypes =
    typeof config === 'object' && config !== null && !Array.isArray(config)
      ? Object.keys(config)
          .map(Number)
          .filter((t) => KNOWN_TYPES.has(t))
          .sort((a, b) => a - b)
      : [...DEFAULT_APP_INTEGRATION_TYPES];
  return {
    embedded: (o.flags & ApplicationFlag.EMBEDDED) !== 0,
    integrationTypes,
    discoverable: o.is_discoverable === true,
  };
}

const typesText = (types: readonly number[]): string =>
  types.length === 0
    ? 'none'
    : types
        .map((t) =>
          t === IntegrationType.GUILD_INSTALL
            ? 'guild_install'
            : t === IntegrationType.USER_INSTALL
              ? 'user_install'
              : String(t),
        )
        .join(', ');

/**
 * Where the manifest's `application:` block and the service disagree, one
 * warning per field, at `application.<field>`. The commands are then checked
 * against what the service reports, never against the block: a block is the
 * user's statement, the service decides.
 */
export function applicationMismatches(declared: ApplicationTraits, actual: ApplicationTraits): Problem[] {
  const out: Problem[] = [];
  const said = "the manifest's application: block says";
  if (declared.embedded !== actual.embedded) {
    out.push(
      warning(
        'application-mismatch',
        ['embedded'],
        `${said} embedded: ${declared.embedded}, but the service reports the application ${actual.embedded ? 'has an' : 'has no'} Activity (EMBEDDED flag); commands are checked against the service.`,
      ),
    );
  }
  const a = [...declared.integrationTypes].sort((x, y) => x - y).join();
  const b = [...actual.integrationTypes].sort((x, y) => x - y).join();
  if (a !== b) {
    out.push(
      warning(
        'application-mismatch',
        ['integration_types'],
        `${said} integration_types: [${typesText(declared.integrationTypes)}], but the service reports [${typesText(actual.integrationTypes)}]; commands are checked against the service.`,
      ),
    );
  }
  if (declared.discoverable !== actual.discoverable) {
    out.push(
      warning(
        'application-mismatch',
        ['discoverable'],
        `${said} discoverable: ${declared.discoverable}, but the service reports the application is ${actual.discoverable ? '' : 'not '}discoverable; commands are checked against the service.`,
      ),
    );
  }
  return out;
}
