import { createRequire } from 'node:module';
import type kleurLib from 'kleur';

type Kleur = typeof kleurLib;

/**
 * kleur with the run's colour decision, loaded on first use: loading it reads
 * process.stdout, which creates the stream, and a clean `cmdsync lint` in a
 * pre-commit hook prints nothing at all. Everything colours through here, so
 * there is one kleur instance and one switch.
 */
const loadCommonJs = createRequire(import.meta.url);
/** The decision, or how to make it when colour is first needed (it may ask whether stdout is a terminal). */
let enabled: boolean | (() => boolean) | undefined;
let lib: Kleur | undefined;

export function setColor(on: boolean | (() => boolean)): void {
  enabled = on;
  if (lib) lib.enabled = typeof on === 'function' ? on() : on;
}

export function colors(): Kleur {
  if (!lib) {
    lib = loadCommonJs('kleur') as Kleur;
    if (enabled !== undefined) lib.enabled = typeof enabled === 'function' ? enabled() : enabled;
  }
  return lib;
}
