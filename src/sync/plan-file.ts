import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CmdsyncError } from '../errors.js';
import type { Plan } from '../plan/model.js';
import { parsePlan, serializePlan } from '../plan/plan-file.js';

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

/** Written whole or not at all: a half-written plan file must never be applied. */
export function savePlanFile(target: string, plan: Plan): void {
  const tmp = `${target}.tmp-${process.pid}`;
  writeFileSync(tmp, serializePlan(plan), { mode: 0o600 });
  renameSync(tmp, target);
}
