import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatStylish } from './stylish.js';
import type { LintFormat, LintReport } from './types.js';
import { formatUnix } from './unix.js';

export * from './types.js';

export function formatLintReport(report: LintReport, format: LintFormat): string {
  switch (format) {
    case 'stylish':
      return formatStylish(report);
    case 'unix':
      return formatUnix(report);
    case 'json':
      return formatJson(report);
    case 'github':
      return formatGithub(report);
  }
}
