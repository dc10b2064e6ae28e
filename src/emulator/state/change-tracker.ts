/**
 * Finds what one request changed in the world, so the store can journal
 * those entries instead of the whole world. Handlers keep their plain
 * `ctx.world.x[id]` code: they get a view whose collections note every entry
 * they read, write or delete. Reads count because handlers change entries in
 * place (a webhook renamed, a thread un-archived, a channel pushed onto a
 * guild); an entry read is serialised before and after, and journalled only
 * when the two differ.
 */
import type { World } from './world.js';
import type { Obj } from '../../wire/rules/values.js';

/** The keyed collections of the world; everything else in it is a scalar the store manages (serial). */
export const COLLECTIONS = [
  'applications',
  'guilds',
  'commands',
  'permissions',
  'webhooks',
  'messages',
  'bearers',
  'dailyCreates',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

const COLLECTION_NAMES: ReadonlySet<string | symbol> = new Set(COLLECTIONS);
const isCollection = (name: string | symbol): name is CollectionName => COLLECTION_NAMES.has(name);

/** One entry as it is now: `value` undefined = the entry no longer exists. */
export interface EntryChange {
  collection: CollectionName;
  key: string;
  /** The entry's value before the request (for indexes, e.g. the channel of a deleted message). */
  old: unknown;
  value: unknown;
  /** `value` serialised, once, for the journal (when comparing); undefined when the entry was deleted. */
  json: string | undefined;
}

/** A handler assigned a whole collection: it is journalled whole. */
export interface CollectionChange {
  collection: CollectionName;
  key: null;
  old: undefined;
  value: unknown;
  json: string;
}

export type Change = EntryChange | CollectionChange;

interface Touch {
  old: unknown;
  /** Serialised value before the request; only when comparing. */
  before: string | undefined;
}

const own = (o: object, key: string) => Object.hasOwn(o, key);

/** What an emptied slot of a TouchList holds (nothing the last write touched is kept alive). */
const EMPTY: Touch = Object.freeze({ old: undefined, before: undefined });

/** Past this many entries a collection's touches are also indexed by key. */
const LIST_MAX = 8;

/**
 * One collection's touched entries in the order first touched: a list
 * reused from write to write (nearly every write touches one or two
 * entries), indexed by a Map only past LIST_MAX. Emptied by `count`, not
 * `Map.clear`, which V8 runs in C++ and gives a new table (~2 % of an
 * execute's CPU samples).
 */
class TouchList {
  keys: string[] = [];
  touches: Touch[] = [];
  count = 0;
  private index: Map<string, number> | undefined;

  has(key: string): boolean {
    if (this.index) return this.index.has(key);
    for (let i = 0; i < this.count; i++) if (this.keys[i] === key) return true;
    return false;
  }

  add(key: string, touch: Touch): void {
    const i = this.count++;
    this.keys[i] = key;
    this.touches[i] = touch;
    if (this.index) this.index.set(key, i);
    else if (this.count > LIST_MAX) this.index = new Map(this.keys.slice(0, this.count).map((k, at) => [k, at]));
  }

  /** Lets go of what the last write touched: short lists keep their slots (emptied), long ones go. */
  empty(): void {
    if (this.index) {
      this.keys = [];
      this.touches = [];
      this.index = undefined;
    } else
      for (let i = 0; i < this.count; i++) {
        this.keys[i] = '';
        this.touches[i] = EMPTY;
      }
    this.count = 0;
  }
}

/** Makes `target` hold `saved`'s contents, keeping its identity (arrays and objects; a scalar entry is put back by the caller). */
function refill(target: unknown, saved: unknown): void {
  if (Array.isArray(target) && Array.isArray(saved)) {
    target.splice(0, target.length, ...saved);
  } else if (typeof target === 'object' && target !== null && typeof saved === 'object' && saved !== null) {
    const t = target as Obj;
    for (const k of Object.keys(t)) delete t[k];
    Object.assign(t, saved);
  }
}

/** The world's own traps, shared by every tracker (the tracker is reached through the handler object). */
class WorldTraps implements ProxyHandler<World> {
  /** The collections' views, made when first read. */
  private readonly views = new Map<CollectionName, { target: object; proxy: object }>();

  constructor(private readonly tracker: ChangeTracker) {}

  get(target: World, prop: string | symbol, receiver: unknown): unknown {
    return isCollection(prop) ? this.collectionView(target, prop) : Reflect.get(target, prop, receiver);
  }

  set(target: World, prop: string | symbol, value: unknown): boolean {
    if (isCollection(prop)) this.tracker.replacing(prop, target[prop]);
    return Reflect.set(target, prop, value);
  }

  private collectionView(world: World, name: CollectionName): object {
    const target = world[name];
    let v = this.views.get(name);
    if (!v || v.target !== target) {
      v = {
        target,
        proxy: new Proxy(
          target,
          this.tracker.compare ? new ReadWriteTraps(this.tracker, name) : new WriteTraps(this.tracker, name),
        ),
      };
      this.views.set(name, v);
    }
    return v.proxy;
  }
}

/**
 * A collection's traps for writes: one small object per collection a request
 * reaches (its methods on the prototype, not closures made per request).
 * The target itself receives each write: with the proxy as receiver, one
 * assignment would also run defineProperty's trap.
 */
class WriteTraps implements ProxyHandler<Obj> {
  constructor(
    protected readonly tracker: ChangeTracker,
    protected readonly name: CollectionName,
  ) {}

  set(target: Obj, key: string | symbol, value: unknown): boolean {
    if (typeof key === 'string') this.tracker.touch(this.name, target, key);
    return Reflect.set(target, key, value);
  }

  defineProperty(target: Obj, key: string | symbol, descriptor: PropertyDescriptor): boolean {
    if (typeof key === 'string') this.tracker.touch(this.name, target, key);
    return Reflect.defineProperty(target, key, descriptor);
  }

  deleteProperty(target: Obj, key: string | symbol): boolean {
    if (typeof key === 'string') this.tracker.touch(this.name, target, key);
    return Reflect.deleteProperty(target, key);
  }
}

/** With `compare`, reads are noted too. (Without it there are no read traps at all, so a read costs what it costs on the object.) */
class ReadWriteTraps extends WriteTraps {
  get(target: Obj, key: string | symbol, receiver: unknown): unknown {
    if (typeof key === 'string' && own(target, key)) this.tracker.touch(this.name, target, key);
    return Reflect.get(target, key, receiver);
  }

  getOwnPropertyDescriptor(target: Obj, key: string | symbol): PropertyDescriptor | undefined {
    if (typeof key === 'string' && own(target, key)) this.tracker.touch(this.name, target, key);
    return Reflect.getOwnPropertyDescriptor(target, key);
  }
}

/**
 * One request's view of the world. `compare` (a persisted world) notes reads
 * and serialises entries to compare; without it only assignments and
 * deletions are noted (an in-memory world needs them for the message cap and
 * nothing else).
 */
export class ChangeTracker {
  readonly view: World;
  private readonly touched = new Map<CollectionName, TouchList>();
  private readonly replaced = new Set<CollectionName>();
  /** A replaced collection's object before the request, for `rollback`. */
  private readonly replacedOld = new Map<CollectionName, unknown>();

  constructor(
    readonly world: World,
    readonly compare: boolean,
  ) {
    this.view = new Proxy(world, new WorldTraps(this));
  }

  /** A handler assigns a whole collection. */
  replacing(name: CollectionName, old: unknown): void {
    if (!this.replacedOld.has(name)) this.replacedOld.set(name, old);
    this.replaced.add(name);
  }

  /** An entry is about to be read or written: its value before the request is kept, once. */
  touch(name: CollectionName, target: Obj, key: string): void {
    let entries = this.touched.get(name);
    if (!entries) this.touched.set(name, (entries = new TouchList()));
    if (entries.has(key)) return;
    const old = own(target, key) ? target[key] : undefined;
    entries.add(key, { old, before: this.compare && old !== undefined ? JSON.stringify(old) : undefined });
  }

  /**
   * Puts back what the request did, for a handler that threw half way: its
   * answer is an error, so the world must read as if it never ran. Entries
   * come back from the copy taken when first touched (a persisted world
   * compares, so every entry read is copied); without `compare`, only
   * assignments and deletions are known, and an entry edited in place stays
   * edited: an in-memory world trades that for not copying on every read.
   */
  rollback(): void {
    for (const [name, old] of this.replacedOld) Object.assign(this.world, { [name]: old });
    for (const [name, entries] of this.touched) {
      if (this.replacedOld.has(name)) continue;
      const current = this.world[name] as Obj;
      for (let i = 0; i < entries.count; i++) {
        const key = entries.keys[i]!;
        const touch = entries.touches[i]!;
        if (touch.old === undefined) delete current[key];
        else {
          // The entry object itself comes back (others may hold it), with its contents as they were.
          if (touch.before !== undefined) refill(touch.old, JSON.parse(touch.before));
          current[key] = touch.old;
        }
      }
    }
    this.reset();
  }

  /**
   * Forgets what was touched, for the store to hand this tracker to its next
   * request: its views (a proxy per collection) and maps are made once, not
   * per write (two Maps, a Set, proxies and traps per write before).
   */
  reset(): void {
    for (const entries of this.touched.values()) entries.empty();
    // Only non-empty ones: V8 gives a cleared Map or Set a new table even when it was empty.
    if (this.replaced.size > 0) this.replaced.clear();
    if (this.replacedOld.size > 0) this.replacedOld.clear();
  }

  /** What differs now from when each entry was first touched. */
  changes(): Change[] {
    const out: Change[] = [];
    for (const name of this.replaced) {
      out.push({
        collection: name,
        key: null,
        old: undefined,
        value: this.world[name],
        json: JSON.stringify(this.world[name]),
      });
    }
    for (const [name, entries] of this.touched) {
      if (entries.count === 0 || this.replaced.has(name)) continue;
      const current = this.world[name] as Obj;
      for (let i = 0; i < entries.count; i++) {
        const key = entries.keys[i]!;
        const touch = entries.touches[i]!;
        const value = own(current, key) ? current[key] : undefined;
        if (!this.compare) {
          if (value !== touch.old) out.push({ collection: name, key, old: touch.old, value, json: undefined });
          continue;
        }
        const json = value === undefined ? undefined : JSON.stringify(value);
        if (json === touch.before) continue;
        out.push({ collection: name, key, old: touch.old, value, json });
      }
    }
    return out;
  }
}
