/**
 * The POST of a signed interaction to an application's endpoint, over
 * node:http(s) with a keep-alive agent per scheme. `fetch` cost about a
 * fifth of a whole round trip through the emulator (Request, Headers,
 * Response and WHATWG streams per call: bench/emulator.md), for a request
 * that needs none of them: one JSON body out, one text body back.
 *
 * Idle connections are reused (the agent honours the server's keep-alive
 * hint and unrefs them, so they never keep a process alive). A reused
 * connection the server closed just as it was taken fails before any answer;
 * that one POST is sent again on a new connection, as Node's documentation
 * advises: the endpoint never saw it.
 *
 * The answer is read up to a bound (`maxBytes`): an endpoint that sends more
 * (announced in Content-Length, or streamed) is cut off as soon as the bound
 * is passed, so no answer can make the emulator build a string it cannot hold.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface EndpointReply {
  status: number;
  /** The Content-Type header, when there was one. */
  contentType?: string;
  text: string;
}

/**
 * Why a POST got no usable answer: not answered within the time allowed, the
 * endpoint could not be reached (`code`: its errno, e.g. ECONNREFUSED), or its
 * answer was larger than the bound.
 */
export type EndpointFailure = 'timeout' | 'unreachable' | 'too-large';

export class EndpointPostError extends Error {
  constructor(
    readonly failure: EndpointFailure,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'EndpointPostError';
  }
}

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

/** Errors of a reused connection the server had closed (nothing reached the endpoint). */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

export function postToEndpoint(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes: number,
): Promise<EndpointReply> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new EndpointPostError('unreachable', 'ERR_INVALID_URL', `invalid URL: ${url}`));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new EndpointPostError('unreachable', undefined, `unsupported scheme ${target.protocol}`));
  const options: RequestOptions = {
    method: 'POST',
    agent: agents[target.protocol],
    headers: Object.assign({ 'Content-Length': String(Buffer.byteLength(body)) }, headers),
  };
  return new Promise((resolve, reject) => {
    // Unref'd like AbortSignal.timeout's: the request's own socket keeps the process alive while it is open.
    const timer = setTimeout(
      () => fail(new EndpointPostError('timeout', undefined, `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    ).unref();
    let settled = false;
    let current: ReturnType<typeof httpRequest> | undefined;
    const fail = (err: EndpointPostError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      current?.destroy();
      reject(err);
    };
    const send = (retry: boolean) => {
      const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, (res) =>
        readReply(res, maxBytes, (text) => done(res.statusCode ?? 0, res.headers['content-type'], text), fail),
      );
      current = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (settled || req !== current) return;
        if (retry && req.reusedSocket && err.code !== undefined && STALE_CONNECTION.has(err.code)) return send(false);
        fail(new EndpointPostError('unreachable', err.code, err.message));
      });
      req.end(body);
    };
    const done = (status: number, contentType: string | undefined, text: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(contentType === undefined ? { status, text } : { status, contentType, text });
    };
    send(true);
  });
}

/** Reads the answer's text, or fails as soon as it is known to pass `maxBytes` (the rest is never read). */
function readReply(
  res: IncomingMessage,
  maxBytes: number,
  onText: (text: string) => void,
  fail: (err: EndpointPostError) => void,
): void {
  const tooLarge = () =>
    fail(new EndpointPostError('too-large', undefined, `the answer is larger than ${maxBytes} bytes`));
  const announced = Number(res.headers['content-length']);
  if (announced > maxBytes) {
    tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (c: Buffer) => {
    size += c.length;
    // fail() destroys the request, which stops the reading: nothing past the bound is kept.
    if (size > maxBytes) tooLarge();
    else chunks.push(c);
  });
  res.on('end', () =>
    onText(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')),
  );
  res.on('error', (err: NodeJS.ErrnoException) => fail(new EndpointPostError('unreachable', err.code, err.message)));
  res.on('close', () => {
    if (!res.complete) fail(new EndpointPostError('unreachable', 'ECONNRESET', 'the answer was cut off'));
  });
}
