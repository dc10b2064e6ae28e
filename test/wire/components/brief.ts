import type { Problem } from '../../../src/wire/problem.js';

/** The errors the service would answer with: where, code and literal message (warnings and unenforced findings left out). */
export function errors(problems: readonly Problem[]): Array<{ path: string; code: string; message: string }> {
  return problems
    .filter((p) => p.severity === 'error' && p.api)
    .map((p) => ({ path: p.path.join('.'), code: p.api!.code, message: p.api!.message }));
}
