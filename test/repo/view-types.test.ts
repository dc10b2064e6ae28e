/**
 * The view API's shapes have one definition, shared by the emulator that
 * answers and the page that reads (issue 26 item 5): the page takes them from
 * `emulator/view/*-types.ts` only (files of types, which the page can compile
 * without Node's), and each of those files is imported by both sides.
 */
import { describe, expect, it } from 'vitest';
import { allImports, sourceFiles } from './source-graph.js';

const TYPES_FILE = /^emulator\/view\/[a-z-]+-types\.ts$/;

describe("the view API's types", () => {
  const imports = allImports();

  it('the page imports from the emulator only the view API types files', () => {
    const stray = imports.filter(
      (i) => i.from.startsWith('web/') && i.to.startsWith('emulator/') && !TYPES_FILE.test(i.to),
    );
    expect(stray.map((i) => `${i.from}:${i.line} → ${i.to}`)).toEqual([]);
  });

  it('each types file is imported by the emulator and by the page', () => {
    const files = sourceFiles().filter((f) => TYPES_FILE.test(f));
    expect(files.length).toBeGreaterThanOrEqual(6);
    const oneSided = files.filter((f) => {
      const by = imports.filter((i) => i.to === f).map((i) => i.from);
      return !by.some((x) => x.startsWith('web/')) || !by.some((x) => x.startsWith('emulator/') && !TYPES_FILE.test(x));
    });
    expect(oneSided).toEqual([]);
  });

  it('the types files hold types only: every import in them is type-only', () => {
    const valued = imports.filter((i) => TYPES_FILE.test(i.from) && !i.typeOnly);
    expect(valued.map((i) => `${i.from}:${i.line} → ${i.to}`)).toEqual([]);
  });
});
