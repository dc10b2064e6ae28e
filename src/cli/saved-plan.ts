import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CmdsyncError } from '../errors.js';
import { parsePlan } from '../plan/plan-file.js';
import type { Plan } from '../plan/model.js';

/** A plan saved with `plan --out`, as `apply PLANFILE` and `show PLANFILE` read it. */
export function readSavedPlan(cwd: string, file: string): Plan {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch {
    throw new CmdsyncError('PLAN_FILE_NOT_FOUND', `${file}: cannot read the plan file.`);
  }
  return parsePlan(text, file);
}
