export { formatPlanText, type PlanTextOptions } from './text.js';
export {
  formatPlanJson,
  planChanges,
  planJsonDocument,
  TERRAFORM_ACTIONS,
  type JsonChange,
  type JsonFieldDiff,
  type PlanJsonDocument,
} from './json.js';
export {
  formatPlanMarkdown,
  DEFAULT_MARKDOWN_MAX_BYTES,
  STEP_SUMMARY_LIMIT,
  type PlanMarkdownOptions,
} from './markdown.js';
