/**
 * The world an emulator starts with: the data file's when there is one (it
 * wins over any seed), else one built from the seed; then what the start
 * options pin (key pairs, the default application's interactions endpoint,
 * the control token), persisted when it changed anything.
 */
import type { Limits } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { ensureKeyPairs } from '../interactions/keys.js';
import { highestSnowflake, randomToken, SnowflakeGenerator } from './ids.js';
import { hardenWorld } from './own.js';
import { buildWorld, endpointUrl, ensureUserBearer } from './seed.js';
import { Store, type StoreOptions } from './store.js';
import type { Seed } from './world.js';

export interface OpenWorldOptions {
  dataFile?: string;
  seed?: Seed;
  limits: Limits;
  now: () => number;
  storeOptions: StoreOptions;
  /** The default application's interactions endpoint URL, as given at start. */
  interactionsUrl?: string;
  /** A control token given at start (or in the seed): it wins over the one a data file keeps. */
  pinnedToken?: string;
}

export interface OpenedWorld {
  store: Store;
  /** A new snowflake from the current time, after every id the world holds. */
  nextId: () => Snowflake;
  controlToken: string;
}

function loadOrBuild(o: OpenWorldOptions): { store: Store; gen: SnowflakeGenerator } {
  const loaded = o.dataFile ? Store.load(o.dataFile) : undefined;
  if (!loaded) {
    const gen = new SnowflakeGenerator();
    const built = buildWorld(o.seed, () => gen.next(o.now()), o.now(), o.limits);
    const store = new Store(hardenWorld(built.world), built.meta, o.dataFile, o.storeOptions);
    store.persist();
    return { store, gen };
  }
  const gen = new SnowflakeGenerator(highestSnowflake(loaded.world));
  const store = new Store(hardenWorld(loaded.world), loaded.meta, o.dataFile, o.storeOptions);
  // The entry point is not re-created here: a user may have deleted it on purpose.
  const bearerAdded = ensureUserBearer(store.world, store.meta.defaultApplicationId, () => gen.next(o.now()), o.now());
  // A journal left by the last run is folded into a fresh snapshot, which also drops a torn last record.
  if (bearerAdded || loaded.journaled || store.droppedAtLoad > 0) store.persist();
  return { store, gen };
}

export function openWorld(o: OpenWorldOptions): OpenedWorld {
  const { store, gen } = loadOrBuild(o);
  let keysOrUrlChanged = ensureKeyPairs(store.world);
  if (o.interactionsUrl !== undefined) {
    const app = store.world.applications[store.meta.defaultApplicationId]!;
    const url = endpointUrl(o.interactionsUrl, 'interactionsUrl');
    keysOrUrlChanged ||= app.interactionsEndpointUrl !== url;
    app.interactionsEndpointUrl = url;
  }
  if (keysOrUrlChanged) store.persist();
  const controlToken = o.pinnedToken ?? store.meta.controlToken ?? randomToken(24);
  if (store.meta.controlToken !== controlToken) {
    store.meta.controlToken = controlToken;
    store.persist();
  }
  return { store, nextId: () => gen.next(o.now()), controlToken };
}
