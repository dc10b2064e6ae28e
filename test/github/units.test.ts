import { describe, expect, it } from 'vitest';
import { commentMarker, findMarkedComment } from '../../src/github/comments.js';
import { COMMENT_MAX_CHARS, planCommentBody } from '../../src/github/comment-body.js';
import { readActionInputs, splitArgs } from '../../src/github/inputs.js';
import { formatOutputs } from '../../src/github/outputs.js';
import { readRunContext } from '../../src/github/run-context.js';
import { applyHeadline, formatApplyMarkdown } from '../../src/report/apply/markdown.js';
import { parseOutputFile } from '../helpers/composite-action.js';
import type { Plan } from '../../src/plan/model.js';

describe('action inputs', () => {
  it('splits args as a shell does: quotes, escapes, $VAR; refuses pipes and redirections', () => {
    expect(splitArgs(`--guild 1 --reason "two words" --x='a b' c\\ d $GUILD $UNSET`, { GUILD: '42' })).toEqual(['--guild', '1', '--reason', 'two words', '--x=a b', 'c d', '42']);
    expect(splitArgs('', {})).toEqual([]);
    expect(splitArgs('--global # a comment', {})).toEqual(['--global']);
    expect(() => splitArgs('--global | cat', {})).toThrow(/not a shell command: remove "\|"/);
    expect(() => splitArgs('--global > out', {})).toThrow(/remove ">"/);
  });

  it('reads INPUT_* with defaults and refuses unknown values', () => {
    expect(readActionInputs({})).toEqual({ command: 'plan', workingDirectory: '.', args: [], comment: true });
    expect(readActionInputs({ INPUT_COMMAND: 'apply', INPUT_COMMENT: 'False', INPUT_GITHUB_TOKEN: 'ghs_x', INPUT_MANIFEST: 'a.yaml' })).toMatchObject({ command: 'apply', comment: false, githubToken: 'ghs_x', manifest: 'a.yaml' });
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
    const comments = [{ id: 1, body: `> ${m}\n> old plan` }, { id: 2 }, { id: 3, body: `${m}\nplan` }, { id: 4, body: `${m}\nlater duplicate` }];
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
    expect(readRunContext({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/pr.json', GITHUB_REPOSITORY: 'a/b' }, read)).toMatchObject({ pullRequest: { number: 12, headSha: 'abc1234def' }, apiUrl: 'https://api.github.com' });
    expect(readRunContext({ GITHUB_EVENT_NAME: 'release', GITHUB_EVENT_PATH: '/release.json', GITHUB_API_URL: 'https://ghe.example/api/v3' }, read)).toMatchObject({ apiUrl: 'https://ghe.example/api/v3' });
    expect(readRunContext({ GITHUB_EVENT_NAME: 'release', GITHUB_EVENT_PATH: '/release.json' }, read).pullRequest).toBeUndefined();
  });

  it('an unreadable payload is a typed error naming the variable', () => {
    expect(() => readRunContext({ GITHUB_EVENT_PATH: '/missing.json' }, read)).toThrow(expect.objectContaining({ code: 'GITHUB_EVENT_UNREADABLE' }));
    expect(() => readRunContext({ GITHUB_EVENT_PATH: '/bad.json' }, read)).toThrow(/not JSON/);
  });
});

describe('apply as markdown', () => {
  it('says Apply complete with counts, or where it failed and that a rerun finishes it', () => {
    expect(applyHeadline({ applied: [{ address: 'global/chat_input/a', kind: 'create' }], notApplied: [] })).toBe('Apply complete! 1 created, 0 updated, 0 renamed, 0 replaced, 0 deleted, 0 permission sets replaced.');
    const failed = { applied: [], notApplied: [{ address: 'global/chat_input/b', kind: 'update' }], failed: { address: 'global/chat_input/b', message: 'Invalid Form Body' }, requestsSent: 1, requestsTotal: 2 };
    expect(applyHeadline(failed)).toBe('Apply failed after 1 of 2 requests: global/chat_input/b: Invalid Form Body');
    const md = formatApplyMarkdown(failed);
    expect(md).toContain('[!CAUTION]');
    expect(md).toContain('Not applied (1)');
    expect(md).toContain('every request is safe to retry');
  });
});

describe('the plan comment', () => {
  it('stays under GitHub\'s comment limit, however long the plan, and says it was cut', () => {
    const actions = Array.from({ length: 3000 }, (_, i) => ({ kind: 'create', address: `global/chat_input/c${i}`, type: 1, name: `c${i}`, changes: [{ path: 'description', after: 'x'.repeat(80) }] }));
    const plan = {
      format_version: '1.1',
      application_id: '1',
      scopes: [{ scope: { kind: 'global' }, key: 'global', actions, permissions: [], kept: [], strategy: 'bulk', requests: [{}], creates: 3000 }],
      summary: { create: 3000, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 },
      request_count: 1,
      warnings: [],
      errors: [],
    } as unknown as Plan;
    const body = planCommentBody({ marker: commentMarker('default'), version: '0.1.0' }, plan);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toMatch(/more actions not shown: a pull request comment is limited to 64 KiB/);
    expect(body.startsWith(commentMarker('default'))).toBe(true);
  });
});

describe('reading an annotation back', () => {
  it('parseErrorAnnotation inverts annotation(), escapes included', async () => {
    const { annotation, parseErrorAnnotation } = await import('../../src/report/github.js');
    const line = annotation({ level: 'error', file: 'a,b:c.yaml', line: 5, col: 11, title: 'x', message: 'Name "Echo": 50% off\nsecond line' });
    const parsed = parseErrorAnnotation(line)!;
    expect(parsed.message).toBe('Name "Echo": 50% off\nsecond line');
    expect([parsed.props.get('file'), parsed.props.get('line'), parsed.props.get('col')]).toEqual(['a,b:c.yaml', '5', '11']);
    expect(parseErrorAnnotation('::warning ::x')).toBeUndefined();
  });
});
