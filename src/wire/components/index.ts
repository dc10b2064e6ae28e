/** Components and modals as wire facts and rules (facts components-messages-gateway §1, §3, §4). */
export * from './catalog.js';
export { ComponentErrors } from './errors.js';
export {
  checkComponentTree,
  checkMessageComponents,
  componentsRespected,
  interactiveComponentPaths,
  isComponentsV2,
  type ComponentSender,
  type MessageComponentContext,
} from './message.js';
export { checkModalData } from './modal.js';
export { numberComponents } from './normalize.js';
