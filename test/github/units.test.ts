import { describe, expect, it } from 'vitest';
import { commentMarker, findMarkedComment } from '../../src/github/comments.js';
import {
  applyCommentBody,
  COMMENT_MAX_CHARS,
  noChangesApplyBody,
  planCommentBody,
} from '../../src/github/comment-body.js';
import { describeFailure } from '../../src/github/failure.js';
import { commitLockFile, lockBranch } from '../../src/github/lock-commit.js';
import { GitHubRest } from '../../src/github/rest.js';
import { requireAppAuth } from '../../src/config/credentials.js';
import { FAKE_GITHUB_TOKEN, startFakeGitHub } from '../helpers/fake-github.js';
import { readActionInputs, splitArgs } from '../../src/github/inputs.js';
import { formatOutputs } from '../../src/github/outputs.js';
import { readRunContext } from '../../src/github/run-context.js';
import { applyHeadline, formatApplyMarkdown } from '../../src/report/apply/markdown.js';
import { parseOutputFile } from '../helpers/action-runner.js';
import type { Plan } from '../../src/plan/model.js';

describe('action inputs', () => {
  it('splits args as a shell does: quotes, escapes, $VAR; refuses pipes and redirections', () => {
    expect(splitArgs(`--guild 1 --reason "two words" --x='a b' c\\ d $GUILD $UNSET`, { GUILD: '42' })).toEqual([
      '--guild',
      '1',
      '--reason',
      'two words',
      '--x=a b',
      'c d',
      '42',
    ]);
    expect(splitArgs('', {})).toEqual([]);
    expect(splitArgs('--global # a comment', {})).toEqual(['--global']);
    expect(() => splitArgs('--global | cat', {})).toThrow(/not a shell command: remove "\|"/);
    expect(() => splitArgs('--global > out', {})).toThrow(/remove ">"/);
  });

  it('reads INPUT_* as the runner names them (hyphens kept), with defaults, and refuses unknown values', () => {
    expect(readActionInputs({})).toEqual({
      command: 'plan',
      workingDirectory: '.',
      args: [],
      comment: true,
      commitLockFile: true,
    });
    expect(readActionInputs({ 'INPUT_COMMIT-LOCK-FILE': 'false' }).commitLockFile).toBe(false);
    expect(
      readActionInputs({
        INPUT_COMMAND: 'apply',
        INPUT_COMMENT: 'False',
        'INPUT_GITHUB-TOKEN': 'ghs_x',
        INPUT_MANIFEST: 'a.yaml',
        'INPUT_WORKING-DIRECTORY': 'bots/a',
      }),
    ).toMatchObject({
      command: 'apply',
      comment: false,
      githubToken: 'ghs_x',
      manifest: 'a.yaml',
      workingDirectory: 'bots/a',
    });
    expect(() => readActionInputs({ INPUT_COMMAND: 'destroy' })).toThrow(/must be one of lint, plan, apply/);
    expect(() => readActionInputs({ INPUT_COMMENT: 'yes' })).toThrow(/comment must be true or false/);
  });
});

describe('step outputs', () => {
  it('are written in the heredoc form the runner reads back, newlines included', () => {
    const text = formatOutputs({ a: 'one', b: 'two\nlines', c: '' });
    expect(parseOutputFile(text)).toEqual({ a: 'one', b: 'two\nlines', c: '' });
  });

  it('pick another delimiter when the value holds the first one, so a value cannot set another output', () => {
    const delimiters = ['EOF', 'EOF', 'OTHER'];
    const text = formatOutputs({ summary: 'x\nEOF\nexit-code<<EOF\n0' }, () => delimiters.shift()!);
    expect(parseOutputFile(text)).toEqual({ summary: 'x\nEOF\nexit-code<<EOF\n0' });
  });
});

describe('the comment marker', () => {
  it('cannot be closed early by the name it carries', () => {
    const marker = commentMarker('bots/a --> <script>');
    expect(marker.match(/-->/g)).toHaveLength(1);
    expect(marker.endsWith(' -->')).toBe(true);
  });

  it('is found at the start of a body only: a quote of it is not the comment', () => {
    const m = commentMarker('default');
    const comments = [
      { id: 1, body: `> ${m}\n> old plan` },
      { id: 2 },
      { id: 3, body: `${m}\nplan` },
      { id: 4, body: `${m}\nlater duplicate` },
    ];
    expect(findMarkedComment(comments, m)?.id).toBe(3);
    expect(findMarkedComment(comments, commentMarker('other'))).toBeUndefined();
  });
});

describe('the run context', () => {
  const files: Record<string, string> = {
    '/pr.json': JSON.stringify({ pull_request: { number: 12, head: { sha: 'abc1234def' } } }),
    '/release.json': JSON.stringify({ release: { tag_name: 'v1' } }),
    '/bad.json': '{',
  };
  const read = (p: string) => {
    if (!(p in files)) throw new Error('ENOENT');
    return files[p];
  };

  it('knows the pull request of pull_request events, and none on a release', () => {
    expect(
      readRunContext(
        { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/pr.json', GITHUB_REPOSITORY: 'a/b' },
        read,
      ),
    ).toMatchObject({
      pullRequest: { number: 12, headSha: 'abc1234def' },
      apiUrl: 'https://api.github.com',
    });
    expect(
      readRunContext(
        {
          GITHUB_EVENT_NAME: 'release',
          GITHUB_EVENT_PATH: '/release.json',
          GITHUB_API_URL: 'https://ghe.example/api/v3',
        },
        read,
      ),
    ).toMatchObject({
      apiUrl: 'https://ghe.example/api/v3',
    });
    expect(
      readRunContext({ GITHUB_EVENT_NAME: 'release', GITHUB_EVENT_PATH: '/release.json' }, read).pullRequest,
    ).toBeUndefined();
  });

  it('an unreadable payload is a typed error naming the variable', () => {
    expect(() => readRunContext({ GITHUB_EVENT_PATH: '/missing.json' }, read)).toThrow(
      expect.objectContaining({ code: 'GITHUB_EVENT_UNREADABLE' }),
    );
    expect(() => readRunContext({ GITHUB_EVENT_PATH: '/bad.json' }, read)).toThrow(/not JSON/);
  });
});

describe('apply as markdown', () => {
  it('says Apply complete with counts, or where it failed and that a rerun finishes it', () => {
    expect(applyHeadline({ applied: [{ address: 'global/chat_input/a', kind: 'create' }], notApplied: [] })).toBe(
      'Apply complete! 1 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 0 permission sets replaced.',
    );
    const failed = {
      applied: [],
      notApplied: [{ address: 'global/chat_input/b', kind: 'update' }],
      failed: { address: 'global/chat_input/b', message: 'Invalid Form Body' },
      requestsSent: 1,
      requestsTotal: 2,
    };
    expect(applyHeadline(failed)).toBe('Apply failed after 1 of 2 requests: global/chat_input/b: Invalid Form Body');
    const md = formatApplyMarkdown(failed);
    expect(md).toContain('[!CAUTION]');
    expect(md).toContain('Not applied (1)');
    expect(md).toContain('every request is safe to retry');
  });
});

/** A plan of `n` commands to create in the global scope, as the planner would return it. */
function samplePlan(n = 1): Plan {
  const actions = Array.from({ length: n }, (_, i) => ({
    kind: 'create',
    address: `global/chat_input/c${i}`,
    type: 1,
    name: `c${i}`,
    changes: [{ path: 'description', after: 'x'.repeat(80) }],
  }));
  return {
    format_version: '1.1',
    application_id: '1',
    scopes: [
      {
        scope: { kind: 'global' },
        key: 'global',
        actions,
        permissions: [],
        kept: [],
        strategy: 'bulk',
        requests: [{}],
        creates: n,
      },
    ],
    summary: { create: n, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 },
    request_count: 1,
    warnings: [],
    errors: [],
  } as unknown as Plan;
}

describe('the plan comment', () => {
  it("stays under GitHub's comment limit, however long the plan, and says it was cut", () => {
    const plan = samplePlan(3000);
    const body = planCommentBody({ marker: commentMarker('default'), version: '0.1.0' }, plan);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toMatch(/more actions not shown: a pull request comment is limited to 64 KiB/);
    expect(body.startsWith(commentMarker('default'))).toBe(true);
  });
});

describe('reading an annotation back', () => {
  it('parseErrorAnnotation inverts annotation(), escapes included', async () => {
    const { annotation, parseErrorAnnotation } = await import('../../src/report/github.js');
    const line = annotation({
      level: 'error',
      file: 'a,b:c.yaml',
      line: 5,
      col: 11,
      title: 'x',
      message: 'Name "Echo": 50% off\nsecond line',
    });
    const parsed = parseErrorAnnotation(line)!;
    expect(parsed.message).toBe('Name "Echo": 50% off\nsecond line');
    expect([parsed.props.get('file'), parsed.props.get('line'), parsed.props.get('col')]).toEqual([
      'a,b:c.yaml',
      '5',
      '11',
    ]);
    expect(parseErrorAnnotation('::warning ::x')).toBeUndefined();
  });
});

describe('the lock file commit', () => {
  const lock = (key: string) => `{\n  "format_version": 1,\n  "webhooks": {\n    "1": { "key": "${key}" }\n  }\n}\n`;

  it('writes over the branch only the lock file this run started from, naming the blob it replaces', async () => {
    const gh = await startFakeGitHub({ repo: 'acme/bot' });
    const api = new GitHubRest({ apiUrl: gh.url, token: FAKE_GITHUB_TOKEN, retries: 0 });
    try {
      const c = { path: 'bot/cmdsync.lock.json', branch: 'main', before: undefined, after: lock('a') };
      expect(await commitLockFile(api, 'acme/bot', c)).toBe('committed');
      expect(gh.files).toMatchObject([{ branch: 'main', path: 'bot/cmdsync.lock.json', text: lock('a') }]);
      expect(await commitLockFile(api, 'acme/bot', c)).toBe('unchanged');
      expect(await commitLockFile(api, 'acme/bot', { ...c, before: lock('a'), after: lock('b') })).toBe('committed');
      expect(gh.files[0].text).toBe(lock('b'));
      // Another run recorded "b" since this one checked out "a": its record is not thrown away.
      await expect(
        commitLockFile(api, 'acme/bot', { ...c, before: lock('a'), after: lock('c') }),
      ).rejects.toMatchObject({ code: 'LOCK_FILE_MOVED' });
      expect(gh.files[0].text).toBe(lock('b'));
      expect(gh.requests.filter((r) => r.method === 'PUT')).toHaveLength(2);
    } finally {
      await api.close();
      await gh.close();
    }
  });

  it('goes to the pushed branch, else the default branch; a pull request has none of its own', () => {
    const base = { eventName: 'push', repository: 'acme/bot', sha: '', apiUrl: '', serverUrl: '' };
    expect(lockBranch({ ...base, ref: 'refs/heads/release/2' })).toBe('release/2');
    expect(lockBranch({ ...base, ref: 'refs/tags/v1', defaultBranch: 'main' })).toBe('main');
    expect(lockBranch({ ...base, ref: 'refs/tags/v1' })).toBeUndefined();
  });
});

describe('failures as the action tells them', () => {
  const run = (fromFork: boolean) => ({
    eventName: 'pull_request',
    repository: 'acme/bot',
    sha: '',
    apiUrl: '',
    serverUrl: '',
    ref: '',
    pullRequest: { number: 7, fromFork },
  });
  const missing = () => {
    try {
      requireAppAuth({});
    } catch (err) {
      return err;
    }
    throw new Error('requireAppAuth accepted no credentials');
  };

  it('no credentials on a fork pull request: secrets are not passed to forks, and what to do', () => {
    const f = describeFailure(missing(), run(true));
    expect(f.code).toBe('CREDENTIALS_MISSING');
    expect(f.reason).toMatch(/secrets are not available to pull requests from forks/);
    expect(f.hint).toMatch(/push the branch to this repository/);
    const own = describeFailure(missing(), run(false));
    expect(own.reason).toMatch(/no credentials: set DISCORD_TOKEN/);
    expect(own.hint).toMatch(/secrets\.DISCORD_TOKEN/);
  });

  it('reads a fork from the event: the head is another repository, or a deleted one', () => {
    const event = (repo: unknown) => JSON.stringify({ pull_request: { number: 3, head: { sha: 'x', repo } } });
    const ctx = (repo: unknown) =>
      readRunContext({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: 'e', GITHUB_REPOSITORY: 'acme/bot' }, () =>
        event(repo),
      ).pullRequest?.fromFork;
    expect(ctx({ full_name: 'someone/bot' })).toBe(true);
    expect(ctx(null)).toBe(true);
    expect(ctx({ full_name: 'Acme/Bot' })).toBe(false);
  });

  it('anything else unexpected is named as a bug, never thrown on', () => {
    expect(
      describeFailure(new TypeError("Cannot read properties of undefined (reading 'reduce')"), run(false)),
    ).toMatchObject({
      code: 'INTERNAL',
      reason: expect.stringMatching(/^internal error: .*bug in cmdsync/),
    });
  });
});

describe('an apply with no changes', () => {
  const frame = { marker: commentMarker('default'), version: '0.0.0', sha: 'abcdef0123456789' };

  it('keeps the last apply that changed something, under one "No changes since" note', () => {
    const real = applyCommentBody(frame, samplePlan(), {
      applied: [{ address: 'global/chat_input/ping', kind: 'create' }],
      notApplied: [],
    });
    const once = noChangesApplyBody(frame, real);
    expect(once).toContain('No changes since');
    expect(once).toContain('Apply complete! 1 created');
    const twice = noChangesApplyBody(frame, once);
    expect(twice.match(/No changes since/g)).toHaveLength(1);
    expect(twice).toContain('Apply complete! 1 created');
    expect(twice.match(/<sub>/g)).toHaveLength(1);
  });

  it('replaces a comment holding a plan or a failure', () => {
    expect(noChangesApplyBody(frame, `${frame.marker}\n## cmdsync plan\n\nPlan: 1 to add`)).not.toContain(
      'Plan: 1 to add',
    );
    expect(noChangesApplyBody(frame, undefined)).toContain('**No changes.**');
  });
});
