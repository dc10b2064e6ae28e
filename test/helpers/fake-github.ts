import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing the part of GitHub's REST API that the action
 * uses: issue comments (list, create, update), the pull requests of a
 * commit, and a repository file (read, create, update: the lock file). It keeps comments in memory and records every request (method,
 * path, headers, body) so tests can assert what was sent and what was not.
 * Served under a path prefix, as GitHub Enterprise serves `/api/v3`.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the prefix, with the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: string };
}

export interface PullOfCommit {
  number: number;
  state: 'open' | 'closed';
  merged_at: string | null;
  merge_commit_sha?: string;
}

/** A file of the repository as the contents API keeps it, by branch and path. */
export interface FakeFile {
  branch: string;
  path: string;
  text: string;
  sha: string;
  /** The commit message it was last written with. */
  message?: string;
}

export interface FakeGitHub {
  /** `GITHUB_API_URL` for the action: the origin plus the prefix. */
  url: string;
  requests: RecordedRequest[];
  comments: FakeComment[];
  /** `GET /repos/{repo}/commits/{sha}/pulls` answers, by sha. */
  pullsOfCommit: Map<string, PullOfCommit[]>;
  /** `GET`/`PUT /repos/{repo}/contents/{path}`: the repository's files, by branch. */
  files: FakeFile[];
  /** Answers the next matching request with this status instead (then forgets it). */
  failNext(method: string, pathPrefix: string, status: number, body?: unknown): void;
  /** Answers every matching request with this status (a token without a permission). */
  failAlways(method: string, pathPrefix: string, status: number, body?: unknown): void;
  close(): Promise<void>;
}

interface Failure {
  method: string;
  pathPrefix: string;
  status: number;
  body: unknown;
  once: boolean;
}

export async function startFakeGitHub(
  opts: { repo: string; prefix?: string; pageSize?: number } = { repo: 'acme/bot' },
): Promise<FakeGitHub> {
  const prefix = opts.prefix ?? '/api/v3';
  const requests: RecordedRequest[] = [];
  const comments: FakeComment[] = [];
  const pullsOfCommit = new Map<string, PullOfCommit[]>();
  const failures: Failure[] = [];
  const files: FakeFile[] = [];
  let nextId = 1000;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      ...headers,
    });
    res.end(text);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith(`${prefix}/`)) return send(res, 404, { message: 'Not Found' });
    const path = url.pathname.slice(prefix.length);
    requests.push({ method: req.method ?? '', path: path + url.search, headers: req.headers, body });
    const failure = failures.find((f) => f.method === req.method && path.startsWith(f.pathPrefix));
    if (failure) {
      if (failure.once) failures.splice(failures.indexOf(failure), 1);
      return send(res, failure.status, failure.body);
    }
    if (req.headers.authorization !== 'Bearer ghs_faketoken0123456789abcdef')
      return send(res, 401, { message: 'Bad credentials' });
    const repoPath = `/repos/${opts.repo}`;
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`^${repoPath}/issues/(\\d+)/comments$`).exec(path))) {
      const issue = Number(m[1]);
      if (req.method === 'GET') {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), opts.pageSize ?? 100);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = comments.filter((c) => c.issue === issue).sort((a, b) => a.id - b.id);
        // As GitHub does: the next page is named in the Link header, absolute, with the page size the server used.
        const next =
          page * perPage < all.length
            ? { link: `<http://${req.headers.host}${prefix}${path}?per_page=${perPage}&page=${page + 1}>; rel="next"` }
            : undefined;
        return send(res, 200, all.slice((page - 1) * perPage, page * perPage), next);
      }
      if (req.method === 'POST') {
        const comment: FakeComment = {
          id: nextId++,
          issue,
          body: (JSON.parse(body) as { body: string }).body,
          user: { login: 'github-actions[bot]', type: 'Bot' },
        };
        comments.push(comment);
        return send(res, 201, comment);
      }
    }
    if ((m = new RegExp(`^${repoPath}/issues/comments/(\\d+)$`).exec(path)) && req.method === 'PATCH') {
      const comment = comments.find((c) => c.id === Number(m![1]));
      if (!comment) return send(res, 404, { message: 'Not Found' });
      comment.body = (JSON.parse(body) as { body: string }).body;
      return send(res, 200, comment);
    }
    if ((m = new RegExp(`^${repoPath}/contents/(.+)$`).exec(path))) {
      const filePath = m[1]!.split('/').map(decodeURIComponent).join('/');
      if (req.method === 'GET') {
        const file = files.find((f) => f.path === filePath && f.branch === (url.searchParams.get('ref') ?? 'main'));
        if (!file) return send(res, 404, { message: 'Not Found' });
        // As GitHub does: base64 in lines of 60 characters.
        return send(res, 200, {
          type: 'file',
          path: file.path,
          sha: file.sha,
          encoding: 'base64',
          content: Buffer.from(file.text).toString('base64').replace(/.{60}/g, '$&\n'),
        });
      }
      if (req.method === 'PUT') {
        const put = JSON.parse(body) as { message: string; content: string; branch?: string; sha?: string };
        const branch = put.branch ?? 'main';
        const existing = files.find((f) => f.path === filePath && f.branch === branch);
        // A write must name the blob it replaces, as GitHub requires (409 otherwise).
        if (existing ? put.sha !== existing.sha : put.sha !== undefined)
          return send(res, 409, { message: `${filePath} does not match ${put.sha ?? 'nothing'}` });
        const file: FakeFile = {
          branch,
          path: filePath,
          text: Buffer.from(put.content, 'base64').toString('utf8'),
          sha: `blob${nextId++}`,
          message: put.message,
        };
        if (existing) files.splice(files.indexOf(existing), 1, file);
        else files.push(file);
        return send(res, existing ? 200 : 201, {
          content: { path: filePath, sha: file.sha },
          commit: { sha: `commit${nextId++}` },
        });
      }
    }
    if ((m = new RegExp(`^${repoPath}/commits/([0-9a-f]+)/pulls$`).exec(path)) && req.method === 'GET') {
      return send(res, 200, pullsOfCommit.get(m[1]) ?? []);
    }
    return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    comments,
    pullsOfCommit,
    files,
    failNext: (method, pathPrefix, status, body = { message: 'Server Error' }) =>
      failures.push({ method, pathPrefix, status, body, once: true }),
    failAlways: (method, pathPrefix, status, body = { message: 'Resource not accessible by integration' }) =>
      failures.push({ method, pathPrefix, status, body, once: false }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token the fake server accepts; tests check it never leaves the Authorization header. */
export const FAKE_GITHUB_TOKEN = 'ghs_faketoken0123456789abcdef';
