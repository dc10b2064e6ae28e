/**
 * `click()`, `select()` and `submitModal()`: a member using a message's
 * components, or submitting the modal they have open, on an emulator started
 * in this process or a running one (its URL and control token); the outcome
 * is what the member sees afterwards.
 */
import { CmdsyncError } from '../errors.js';
import type { ClickRequest, ComponentOutcome, ModalSubmitRequest, SelectRequest } from '../emulator/index.js';
import { controlPost, type InvokeTarget, type RemoteTarget } from './invoke.js';

export type { ClickRequest, ComponentOutcome, ModalSubmitRequest, SelectRequest } from '../emulator/index.js';

async function remote(
  target: RemoteTarget,
  path: string,
  request: { waitSeconds?: number },
): Promise<ComponentOutcome> {
  // The answer can take the 3 s deadline, a deferred update's edit and the requested wait.
  const { status, body } = await controlPost(target, path, request, ((request.waitSeconds ?? 10) + 15) * 1000);
  if (status !== 200 || !body)
    throw new CmdsyncError(
      'COMPONENT_FAILED',
      `the emulator could not deliver it: ${body?.message ?? `HTTP ${status}`}`,
    );
  return body as ComponentOutcome;
}

export function click(request: ClickRequest, target: InvokeTarget): Promise<ComponentOutcome> {
  return 'emulator' in target ? target.emulator.click(request) : remote(target, '/interactions/click', request);
}

export function select(request: SelectRequest, target: InvokeTarget): Promise<ComponentOutcome> {
  return 'emulator' in target ? target.emulator.select(request) : remote(target, '/interactions/select', request);
}

export function submitModal(request: ModalSubmitRequest, target: InvokeTarget): Promise<ComponentOutcome> {
  return 'emulator' in target
    ? target.emulator.submitModal(request)
    : remote(target, '/interactions/modal-submit', request);
}
