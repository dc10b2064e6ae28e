/**
 * undici's Agent, request() and FormData, without the rest of the package.
 * Its index loads every part it has (fetch, WebSocket, EventSource, mocks,
 * caches, interceptors): ~100 ms of every CLI run that sends a request, on a
 * 2-core machine, for code the transport never calls (a bare require of the
 * index against these three files: 160-185 ms against 70-78 ms, Node 20).
 * undici 7 has no "exports" map, so its files are importable one by one; the
 * types are the package's own (undici-files.d.ts).
 */
import AgentClass from 'undici/lib/dispatcher/agent.js';
import dispatchRequest from 'undici/lib/api/api-request.js';
import formData from 'undici/lib/web/fetch/formdata.js';
import undiciUtil from 'undici/lib/core/util.js';
import type { Dispatcher, FormData as UndiciFormData } from 'undici';

export const Agent = AgentClass;
export const FormData = formData.FormData;
export type FormData = UndiciFormData;

/** undici's `request(url, options)`: the index's wrapper (origin and path from the URL) around the dispatcher's request. */
export function request(
  url: string,
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  // The index's own URL check (protocol http or https, else InvalidArgumentError), as the index's request() makes it.
  const parsed = undiciUtil.parseURL(url);
  return dispatchRequest.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
  });
}
