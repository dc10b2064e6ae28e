/**
 * Calls to the emulator's view and control API. The control token comes from
 * the page (the emulator writes it into a meta tag) and goes in the
 * `X-Cmdsync-Control` header, as `cmdsync invoke` sends it.
 */
const token = document.querySelector<HTMLMetaElement>('meta[name="cmdsync-control"]')?.content ?? '';

export const CONTROL = '/__emulator';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function controlHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'X-Cmdsync-Control': token, ...extra };
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok)
    throw new ApiError(res.status, (body as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`, body);
  return body as T;
}

/** GET a control path (`/view/world`). */
export async function getJson<T>(path: string): Promise<T> {
  return parse<T>(await fetch(CONTROL + path, { headers: controlHeaders() }));
}

/** POST JSON to a control path (`/interactions`). */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return parse<T>(
    await fetch(CONTROL + path, {
      method: 'POST',
      headers: controlHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
    }),
  );
}
