import type { Route } from '../http-types.js';

/** Part B of the interface. (Placeholder until the webhook routes land.) */
export const webhookRoutes: Route[] = [];
