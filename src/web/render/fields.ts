/** How the client lays out an embed's fields, pure. */

/** Consecutive inline fields share a row of up to three (positions 1 to 3); a field that is not inline takes a row alone. */
export function inlineIndexes(fields: ReadonlyArray<{ inline?: unknown }>): Array<number | undefined> {
  let run = 0;
  return fields.map((f) => {
    if (f.inline !== true) {
      run = 0;
      return undefined;
    }
    run = (run % 3) + 1;
    return run;
  });
}
