import type { Problem } from '../../src/wire/problem.js';

/** The whole Problem an error rule reports: rule id, the sentence a person reads, where, and the service's answer. */
export const err = (rule: string, path: Problem['path'], message: string, api: Problem['api']): Problem => ({
  rule,
  severity: 'error',
  message,
  path,
  api,
});
