/**
 * The `webhook.incoming` OAuth2 flow (spec "Webhook": `url` is returned by
 * the webhooks OAuth2 flow): a user authorizes an application for one channel
 * (the consent screen, here a control request), the application gets a
 * one-time code at its redirect URI and exchanges it at /oauth2/token for a
 * token and the new webhook with its `url`. Codes live in memory only: they
 * are single-use and short-lived, so a restart losing them is what a user
 * retrying the consent would see anyway.
 */
import { randomToken } from './ids.js';
import type { Snowflake } from '../../wire/snowflake.js';

/** What the user consented to. */
export interface WebhookGrant {
  applicationId: Snowflake;
  userId: Snowflake;
  guildId: Snowflake;
  channelId: Snowflake;
  /** The redirect URI the authorization named; the exchange must name the same (RFC 6749 §4.1.3). */
  redirectUri: string | undefined;
  scopes: string[];
}

/** Authorization codes last ten minutes, as OAuth2 servers commonly allow. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

export class WebhookAuthorizations {
  private readonly codes = new Map<string, WebhookGrant & { expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  issue(grant: WebhookGrant): string {
    this.forgetExpired();
    const code = randomToken(30);
    this.codes.set(code, { ...grant, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** The grant of `code`, once: a code is spent by its first exchange, good or bad. */
  take(code: string): WebhookGrant | undefined {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.expiresAt > this.now() ? found : undefined;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [code, g] of this.codes) if (g.expiresAt <= now) this.codes.delete(code);
  }
}
