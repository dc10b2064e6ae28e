import type { FileResult } from '../../bot-test/model.js';

/** A file as the user named it (the reader's display path, relative to where the run started), else its path. */
export function fileName(f: FileResult): string {
  return f.display ?? f.scenarios[0]?.at.file ?? f.problems?.[0]?.at.file ?? f.botExit?.at.file ?? f.path;
}
