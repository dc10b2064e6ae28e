/**
 * The programmatic API, for users who drive cmdsync from code.
 * The CLI is a thin shell over these functions.
 */
export { checkManifest, type CheckResult } from './manifest/check.js';
export {
  loadManifest,
  type LoadedManifest,
  type ManifestCommand,
  type ManifestGuild,
  type LoadOptions,
} from './manifest/load.js';
export { lintManifest } from './manifest/lint.js';
export type { Diagnostic } from './manifest/diagnostic.js';
export {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
  type EmulatorCredentials,
  type Seed,
} from './emulator/index.js';
export { CmdsyncError, UsageError, ManifestReadError, ManifestInvalidError } from './errors.js';
export * as spec from './wire/index.js';
export { VERSION } from './version.js';
export { invoke, type InvokeTarget, type InvokeOutcome, type InvokeRequest } from './api/invoke.js';
export {
  click,
  select,
  submitModal,
  type ClickRequest,
  type SelectRequest,
  type ModalSubmitRequest,
  type ComponentOutcome,
} from './api/components.js';
export { say, type SayRequest, type SayOutcome } from './api/messages.js';
export { planFromManifest, ManifestErrorsError, type PlanFromManifestRequest, type PlanResult } from './api/plan.js';
export {
  startBotTest,
  type BotTest,
  type BotTestOptions,
  type BotTestResult,
  type ActOptions,
} from './api/bot-test.js';
