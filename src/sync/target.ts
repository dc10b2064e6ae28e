import type { RestClient } from '../remote/http/client.js';

/** Where a plan is read and applied: the client, the application it acts for, and whether it can write permission sets. A CLI session is one. */
export interface SyncTarget {
  client: RestClient;
  applicationId: string;
  /** A user bearer token is available, so permission sets can be written. */
  canEditPermissions: boolean;
}
