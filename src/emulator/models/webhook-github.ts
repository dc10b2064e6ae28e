/**
 * A repository-host ("GitHub") event as an execute body: one embed titled
 * `[repo] what happened`, linking to the thing, authored by the sender.
 * Returns undefined for deliveries that make no message (a push without
 * commits). The exact wording of the service's embeds is not documented;
 * these follow the layout it is known for.
 */
import type { Limits } from '../../wire/limits.js';
import { isObject, type Obj } from '../../wire/rules/values.js';

const BLURPLE = 0x7289da;
const GREEN = 0x2cbe4e;
const RED = 0xcb2431;

const obj = (v: unknown): Obj => (isObject(v) ? v : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

interface Summary {
  title: string;
  url?: string;
  description?: string;
  color?: number;
}

function issueLike(kind: string, action: string, item: Obj): Summary {
  return {
    title: `${kind} ${action}: #${text(item.number)} ${text(item.title)}`,
    url: text(item.html_url),
    description: action === 'opened' ? text(item.body) : undefined,
    color: action === 'opened' ? GREEN : action === 'closed' ? RED : BLURPLE,
  };
}

function summarize(event: string, p: Obj): Summary | undefined {
  const action = text(p.action);
  const ref = text(p.ref).replace(/^refs\/(heads|tags)\//, '');
  switch (event) {
    case 'push': {
      const commits = Array.isArray(p.commits) ? p.commits.filter(isObject) : [];
      if (commits.length === 0) return undefined;
      const lines = commits.map(
        (c) =>
          `[\`${text(c.id).slice(0, 7)}\`](${text(c.url)}) ${text(c.message).split('\n')[0]} - ${text(obj(c.author).name || obj(c.author).username)}`,
      );
      return {
        title: `${ref}: ${commits.length} new commit${commits.length === 1 ? '' : 's'}`,
        url: text(p.compare),
        description: lines.join('\n'),
      };
    }
    case 'issues':
      return issueLike('Issue', action, obj(p.issue));
    case 'pull_request':
      return issueLike('Pull request', action, obj(p.pull_request));
    case 'issue_comment':
      return {
        title: `New comment on issue #${text(obj(p.issue).number)}: ${text(obj(p.issue).title)}`,
        url: text(obj(p.comment).html_url),
        description: text(obj(p.comment).body),
      };
    case 'commit_comment':
      return {
        title: `New comment on commit \`${text(obj(p.comment).commit_id).slice(0, 7)}\``,
        url: text(obj(p.comment).html_url),
        description: text(obj(p.comment).body),
      };
    case 'pull_request_review':
      return {
        title: `Pull request review ${text(obj(p.review).state) || action}: #${text(obj(p.pull_request).number)} ${text(obj(p.pull_request).title)}`,
        url: text(obj(p.review).html_url),
        description: text(obj(p.review).body),
      };
    case 'pull_request_review_comment':
      return {
        title: `New review comment on pull request #${text(obj(p.pull_request).number)}: ${text(obj(p.pull_request).title)}`,
        url: text(obj(p.comment).html_url),
        description: text(obj(p.comment).body),
      };
    case 'create':
      return { title: `New ${text(p.ref_type) || 'ref'} created: ${ref}` };
    case 'delete':
      return { title: `${text(p.ref_type) || 'ref'} deleted: ${ref}` };
    case 'fork':
      return { title: `Fork created: ${text(obj(p.forkee).full_name)}`, url: text(obj(p.forkee).html_url) };
    case 'release':
      return {
        title: `New release ${action || 'published'}: ${text(obj(p.release).tag_name)}`,
        url: text(obj(p.release).html_url),
        description: text(obj(p.release).body),
      };
    case 'watch':
      return { title: 'New star added', url: text(obj(p.repository).html_url) };
    case 'public':
      return { title: 'Now open sourced!', url: text(obj(p.repository).html_url) };
    case 'member':
      return {
        title: `Collaborator ${action || 'added'}: ${text(obj(p.member).login)}`,
        url: text(obj(p.member).html_url),
      };
    case 'discussion':
      return {
        title: `Discussion ${action}: #${text(obj(p.discussion).number)} ${text(obj(p.discussion).title)}`,
        url: text(obj(p.discussion).html_url),
        description: action === 'created' ? text(obj(p.discussion).body) : undefined,
      };
    case 'discussion_comment':
      return {
        title: `New comment on discussion #${text(obj(p.discussion).number)}: ${text(obj(p.discussion).title)}`,
        url: text(obj(p.comment).html_url),
        description: text(obj(p.comment).body),
      };
    case 'check_run':
    case 'check_suite': {
      const run = obj(p[event]);
      const conclusion = text(run.conclusion) || text(run.status) || action;
      return {
        title: `${event === 'check_run' ? `Check run ${text(run.name)}` : 'Check suite'} ${conclusion}`,
        url: text(run.html_url),
        color: conclusion === 'success' ? GREEN : conclusion === 'failure' ? RED : BLURPLE,
      };
    }
    default:
      return undefined;
  }
}

export function githubToExecuteBody(event: string, payload: unknown, limits: Limits): Obj | undefined {
  const p = obj(payload);
  const s = summarize(event, p);
  if (!s) return undefined;
  const repo = text(obj(p.repository).full_name) || text(obj(p.repository).name);
  const sender = obj(p.sender);
  const embed: Obj = {
    title: clip(repo ? `[${repo}] ${s.title}` : s.title, limits.embed_title_max),
    color: s.color ?? BLURPLE,
  };
  if (s.url) embed.url = s.url;
  if (s.description) embed.description = clip(s.description, Math.min(500, limits.embed_description_max));
  if (text(sender.login)) {
    embed.author = {
      name: text(sender.login),
      ...(text(sender.html_url) ? { url: text(sender.html_url) } : {}),
      ...(text(sender.avatar_url) ? { icon_url: text(sender.avatar_url) } : {}),
    };
  }
  return { embeds: [embed] };
}
