import type {
  APIMessage,
  APIWebhook,
  RESTPatchAPIWebhookJSONBody,
  RESTPatchAPIWebhookWithTokenJSONBody,
  RESTPatchAPIWebhookWithTokenMessageJSONBody,
  RESTPostAPIChannelWebhookJSONBody,
  RESTPostAPIWebhookWithTokenJSONBody,
} from 'discord-api-types/v10';
import type { Snowflake } from '../wire/snowflake.js';
import type { FileUpload } from './http/body.js';
import type { RestClient } from './http/client.js';
import { seg, type CallOptions } from './commands.js';
import type { WebhookRef } from './webhook-url.js';
import type { Obj } from '../wire/rules/values.js';

/*
 * Part B of the interface. Routes by id use the app's credentials and
 * MANAGE_WEBHOOKS; routes with the token carry no Authorization at all (the
 * client enforces that), and may point at another API base (`ref.baseUrl`).
 */

/** Calls that change a webhook by id accept an audit-log reason. */
export interface ReasonOptions extends CallOptions {
  reason?: string;
  /** Override the client's retries (a create is not idempotent: retrying one whose answer was lost duplicates it). */
  retries?: number;
}

export function createWebhook(
  client: RestClient,
  channelId: Snowflake,
  body: RESTPostAPIChannelWebhookJSONBody,
  options: ReasonOptions = {},
): Promise<APIWebhook> {
  return client.request({
    method: 'POST',
    path: `/channels/${seg(channelId)}/webhooks`,
    body,
    reason: options.reason,
    signal: options.signal,
    retries: options.retries,
  });
}

export function listChannelWebhooks(
  client: RestClient,
  channelId: Snowflake,
  options: CallOptions = {},
): Promise<APIWebhook[]> {
  return client.request({ method: 'GET', path: `/channels/${seg(channelId)}/webhooks`, signal: options.signal });
}

export function listGuildWebhooks(
  client: RestClient,
  guildId: Snowflake,
  options: CallOptions = {},
): Promise<APIWebhook[]> {
  return client.request({ method: 'GET', path: `/guilds/${seg(guildId)}/webhooks`, signal: options.signal });
}

export function getWebhook(client: RestClient, webhookId: Snowflake, options: CallOptions = {}): Promise<APIWebhook> {
  return client.request({ method: 'GET', path: `/webhooks/${seg(webhookId)}`, signal: options.signal });
}

/** `channel_id` moves the webhook to another channel (by id only). */
export function editWebhook(
  client: RestClient,
  webhookId: Snowflake,
  body: RESTPatchAPIWebhookJSONBody,
  options: ReasonOptions = {},
): Promise<APIWebhook> {
  return client.request({
    method: 'PATCH',
    path: `/webhooks/${seg(webhookId)}`,
    body,
    reason: options.reason,
    signal: options.signal,
  });
}

export async function deleteWebhook(
  client: RestClient,
  webhookId: Snowflake,
  options: ReasonOptions = {},
): Promise<void> {
  await client.request({
    method: 'DELETE',
    path: `/webhooks/${seg(webhookId)}`,
    reason: options.reason,
    signal: options.signal,
  });
}

/** `/webhooks/{id}/{token}`: the token is a path segment, so it is encoded. */
export function webhookTokenPath(ref: WebhookRef): string {
  return `/webhooks/${seg(ref.id)}/${seg(ref.token)}`;
}

export function getWebhookWithToken(
  client: RestClient,
  ref: WebhookRef,
  options: CallOptions = {},
): Promise<APIWebhook> {
  return client.request({ method: 'GET', path: webhookTokenPath(ref), baseUrl: ref.baseUrl, signal: options.signal });
}

/** Name and avatar only: `channel_id` is not accepted with the token. */
export function editWebhookWithToken(
  client: RestClient,
  ref: WebhookRef,
  body: RESTPatchAPIWebhookWithTokenJSONBody,
  options: CallOptions = {},
): Promise<APIWebhook> {
  return client.request({
    method: 'PATCH',
    path: webhookTokenPath(ref),
    body,
    baseUrl: ref.baseUrl,
    signal: options.signal,
  });
}

export async function deleteWebhookWithToken(
  client: RestClient,
  ref: WebhookRef,
  options: CallOptions = {},
): Promise<void> {
  await client.request({ method: 'DELETE', path: webhookTokenPath(ref), baseUrl: ref.baseUrl, signal: options.signal });
}

export interface ExecuteOptions extends CallOptions {
  /** Wait for the message and return it (default false: 204, nothing returned). */
  wait?: boolean;
  threadId?: Snowflake;
  /** Needed for non-application webhooks to send (non-interactive) components. */
  withComponents?: boolean;
  /** Sent as multipart: the body becomes `payload_json`, files `files[n]`. */
  files?: readonly FileUpload[];
}

/**
 * Executes a webhook. Returns the message when `wait` is true (or when the
 * service returns one anyway, as it does with files), else undefined.
 */
export async function executeWebhook(
  client: RestClient,
  ref: WebhookRef,
  body: RESTPostAPIWebhookWithTokenJSONBody,
  options: ExecuteOptions = {},
): Promise<APIMessage | undefined> {
  const data = await client.request<APIMessage | undefined>({
    method: 'POST',
    path: webhookTokenPath(ref),
    query: { wait: options.wait, thread_id: options.threadId, with_components: options.withComponents },
    body,
    files: options.files,
    baseUrl: ref.baseUrl,
    signal: options.signal,
    // A message is not idempotent: retrying one whose answer was lost posts it twice. (429s are still waited out.)
    retries: 0,
  });
  return data === undefined || typeof data === 'string' ? undefined : data;
}

export interface MessageOptions extends CallOptions {
  /** Required for messages inside a thread: without it the service answers 10008. */
  threadId?: Snowflake;
}

export function getWebhookMessage(
  client: RestClient,
  ref: WebhookRef,
  messageId: Snowflake,
  options: MessageOptions = {},
): Promise<APIMessage> {
  return client.request({
    method: 'GET',
    path: `${webhookTokenPath(ref)}/messages/${seg(messageId)}`,
    query: { thread_id: options.threadId },
    baseUrl: ref.baseUrl,
    signal: options.signal,
  });
}

export function editWebhookMessage(
  client: RestClient,
  ref: WebhookRef,
  messageId: Snowflake,
  body: RESTPatchAPIWebhookWithTokenMessageJSONBody,
  options: MessageOptions & { withComponents?: boolean; files?: readonly FileUpload[] } = {},
): Promise<APIMessage> {
  return client.request({
    method: 'PATCH',
    path: `${webhookTokenPath(ref)}/messages/${seg(messageId)}`,
    query: { thread_id: options.threadId, with_components: options.withComponents },
    body,
    files: options.files,
    baseUrl: ref.baseUrl,
    signal: options.signal,
  });
}

export async function deleteWebhookMessage(
  client: RestClient,
  ref: WebhookRef,
  messageId: Snowflake,
  options: MessageOptions = {},
): Promise<void> {
  await client.request({
    method: 'DELETE',
    path: `${webhookTokenPath(ref)}/messages/${seg(messageId)}`,
    query: { thread_id: options.threadId },
    baseUrl: ref.baseUrl,
    signal: options.signal,
  });
}

export interface CompatOptions extends CallOptions {
  /** Default true on these endpoints. */
  wait?: boolean;
  threadId?: Snowflake;
}

/**
 * Posts a Slack-format payload (`/slack`, the spec's chat-compat suffix).
 * The service answers the text `ok`, which is returned as is.
 */
export function executeSlackWebhook(
  client: RestClient,
  ref: WebhookRef,
  body: Obj,
  options: CompatOptions = {},
): Promise<unknown> {
  return client.request({
    method: 'POST',
    path: `${webhookTokenPath(ref)}/slack`,
    query: { wait: options.wait, thread_id: options.threadId },
    body,
    baseUrl: ref.baseUrl,
    signal: options.signal,
    retries: 0,
  });
}

/**
 * Posts a GitHub event payload (`/github`, the spec's repo-compat suffix);
 * `event` is sent as `X-GitHub-Event` (e.g. `push`, `issues`).
 */
export function executeGitHubWebhook(
  client: RestClient,
  ref: WebhookRef,
  event: string,
  body: Obj,
  options: CompatOptions = {},
): Promise<unknown> {
  return client.request({
    method: 'POST',
    path: `${webhookTokenPath(ref)}/github`,
    query: { wait: options.wait, thread_id: options.threadId },
    body,
    headers: { 'x-github-event': event },
    baseUrl: ref.baseUrl,
    signal: options.signal,
    retries: 0,
  });
}
