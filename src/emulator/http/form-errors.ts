import type { Path, Problem } from '../../wire/problem.js';
import { apiError, type EmulatorResponse } from './http-types.js';
import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Obj } from '../../wire/rules/values.js';

/**
 * The service's answer to a body that breaks rules: the problems the service
 * enforces (those carrying `api`) as the nested 50035 `errors` tree, keyed by
 * field name and by array index as a string, with `_errors` at each leaf.
 * Problems without `api` are things the service accepts; they are ignored.
 * Returns undefined when nothing is enforced.
 */
export function formErrorResponse(problems: readonly Problem[], prefix: Path = []): EmulatorResponse | undefined {
  const enforced = problems.filter((p) => p.api && p.severity === 'error');
  if (enforced.length === 0) return undefined;
  const special = enforced.find((p) => p.jsonCode !== undefined);
  if (special?.jsonCode !== undefined && special.api)
    return apiError({ status: 400, code: special.jsonCode, message: special.api.message });
  // Null-prototype nodes: a body key such as `__proto__` or `constructor` is then an ordinary key of the tree,
  // never a way to reach (and write to) Object.prototype.
  const tree: Obj = Object.create(null);
  for (const p of enforced) {
    let node = tree;
    for (const seg of [...prefix, ...(p.apiPath ?? p.path)]) {
      const key = String(seg);
      node[key] ??= Object.create(null);
      node = node[key] as Obj;
    }
    const list = (node._errors ??= []) as Array<{ code: string; message: string }>;
    if (!list.some((e) => e.code === p.api!.code && e.message === p.api!.message))
      list.push({ code: p.api!.code, message: p.api!.message });
  }
  return apiError(ErrorAnswers.invalidFormBody, tree);
}
