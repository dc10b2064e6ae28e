/**
 * Message markdown as the client renders it: discord-markdown-parser's AST
 * (its `extended` rules, which webhooks and embeds get: masked links too)
 * mapped to @skyra/discord-components-core elements. Bold, italic,
 * underline and subtext are plain HTML elements instead: the library's
 * templates put whitespace around their slot, which shows as a space before
 * the next punctuation ("**3 created**," read "3 created ,"). Every piece of text
 * goes in as a text node; links only with an http(s) target; custom emoji
 * as `:name:` text (their images live on the service's CDN).
 */
import { parse } from 'discord-markdown-parser';
import { h } from '../dom.js';
import { formatDiscordTime, safeHref } from './text.js';

/** Names for mentions, from the world the page holds; undefined shows the id as the client shows an unknown one. */
export interface MentionNames {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
  role(id: string): string | undefined;
}

export const NO_NAMES: MentionNames = { user: () => undefined, channel: () => undefined, role: () => undefined };

type AstNode = { type: string; [key: string]: unknown };

/** Where the text sits: embeds render code blocks and links slightly differently. */
export interface MarkdownOptions {
  names?: MentionNames;
  embed?: boolean;
}

export function renderMarkdown(text: string, options: MarkdownOptions = {}): Node[] {
  if (!text) return [];
  let ast: AstNode[];
  try {
    ast = parse(text, 'extended') as AstNode[];
  } catch {
    // A parser failure must not lose the message: show it as it was sent.
    return [document.createTextNode(text)];
  }
  return nodes(ast, { names: options.names ?? NO_NAMES, embed: options.embed === true });
}

interface Ctx {
  names: MentionNames;
  embed: boolean;
}

function nodes(list: unknown, ctx: Ctx): Node[] {
  if (!Array.isArray(list)) return typeof list === 'string' ? [document.createTextNode(list)] : [];
  return list.flatMap((n) => node(n as AstNode, ctx));
}

function wrap(tag: string, n: AstNode, ctx: Ctx, attrs: Record<string, string | undefined> = {}): Node[] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  el.append(...nodes(n.content, ctx));
  return [el];
}

function mention(type: string, label: string, highlight = false): Node[] {
  return [h('discord-mention', { type, highlight: highlight ? '' : undefined }, label)];
}

function node(n: AstNode, ctx: Ctx): Node[] {
  const text = (s: unknown) => [document.createTextNode(String(s ?? ''))];
  switch (n.type) {
    case 'text':
      return text(n.content);
    case 'br':
    case 'newline':
      return [document.createElement('br')];
    case 'strong':
      return wrap('strong', n, ctx);
    case 'em':
      return wrap('em', n, ctx);
    case 'underline':
      return wrap('u', n, ctx);
    case 'strikethrough':
      return wrap('s', n, ctx);
    case 'spoiler':
      return wrap('discord-spoiler', n, ctx);
    case 'blockQuote':
      return wrap('discord-quote', n, ctx);
    case 'subtext':
      return wrap('small', n, ctx, { class: 'md-subtext' });
    case 'heading':
      return wrap('discord-header', n, ctx, { level: String(Math.min(3, Math.max(1, Number(n.level) || 1))) });
    case 'inlineCode':
      return [h('discord-code', { embed: ctx.embed ? '' : undefined }, String(n.content ?? ''))];
    case 'codeBlock':
      return [
        h(
          'discord-code',
          {
            multiline: '',
            embed: ctx.embed ? '' : undefined,
            'data-lang': typeof n.lang === 'string' && n.lang ? n.lang : undefined,
          },
          String(n.content ?? ''),
        ),
      ];
    case 'link':
    case 'url':
    case 'autolink': {
      const href = safeHref(n.target);
      if (!href) return nodes(n.content, ctx);
      return wrap('discord-link', n, ctx, { href, target: '_blank', rel: 'noopener noreferrer nofollow', title: href });
    }
    case 'user': {
      const id = String(n.id);
      return mention('user', ctx.names.user(id) ?? id);
    }
    case 'channel': {
      const id = String(n.id);
      return mention('channel', ctx.names.channel(id) ?? 'unknown');
    }
    case 'role': {
      const id = String(n.id);
      return mention('role', ctx.names.role(id) ?? 'unknown-role');
    }
    case 'everyone':
      return mention('role', 'everyone', true);
    case 'here':
      return mention('role', 'here', true);
    case 'slashCommand':
      return mention('slash', String(n.fullName ?? n.name ?? ''));
    case 'guildNavigation':
      return mention('channel', String(n.id ?? ''));
    case 'emoji':
      return text(`:${String(n.name ?? '')}:`);
    case 'twemoji':
      return text(n.name);
    case 'timestamp': {
      const shown = formatDiscordTime(String(n.timestamp), typeof n.format === 'string' ? n.format : undefined);
      if (shown === undefined) return text(`<t:${String(n.timestamp)}>`);
      return [h('discord-time', { title: new Date(Number(n.timestamp) * 1000).toISOString() }, shown)];
    }
    default:
      // A node type this mapping does not know: keep its text rather than drop it.
      return Array.isArray(n.content) ? nodes(n.content, ctx) : typeof n.content === 'string' ? text(n.content) : [];
  }
}
