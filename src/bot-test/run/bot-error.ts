/**
 * The first error in a bot's output, found from its lines: where it was
 * raised (the bot's own file and line) and its first lines, bounded. Node's
 * report of an uncaught error (the `file:line` header, the source line and
 * its caret, the error, the top of the stack), a JavaScript stack printed by
 * the bot, a Python traceback (its last frames and the exception) or
 * Python's syntax error. The first one, not the last lines of output: a
 * crash's last lines are the runtime's own frames and version banner, and
 * cut the place the error was raised. Pure; the lines are as the bot
 * printed them (redacted by the runner first).
 */
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BotError, BotErrorAt } from '../model.js';

/** The lines kept of an error: enough for its place, message and top frames, never a whole log. */
export const MAX_ERROR_LINES = 12;
/** A line longer than this (minified code, a dumped object) is cut. */
export const MAX_LINE_CHARS = 300;
/** The top frames of a JavaScript stack kept (the runtime's own left out). */
const JS_FRAMES = 4;
/** A Python traceback's last frames kept (where it was raised), each with its source lines. */
const PY_FRAMES = 3;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what this pattern finds
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
/** Node's header of an uncaught error: `file:///…/bot.js:24`, `/…/bot.js:24`, `node:events:502`. */
const NODE_HEADER = /^((?:file:\/\/|node:|\/|[A-Za-z]:\\).*?):(\d+)$/;
const CARET = /^\s*\^+\s*$/;
const JS_FRAME = /^\s+at \S/;
/** A frame's place: `at f (file:///…/bot.js:13:23)`, `at /…/bot.js:13:23`, `at async f (…)`. */
const JS_FRAME_AT = /^\s+at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;
const PY_TRACEBACK = /^Traceback \(most recent call last\):$/;
const PY_FRAME = /^ {2}File "(.+)", line (\d+)(?:, in .+)?$/;
/** Python's report of a syntax error in the script itself: `  File "bot.py", line 12` with no traceback. */
const PY_SYNTAX_FRAME = /^\s*File "(.+)", line (\d+)$/;
const PY_ERROR = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b/;

interface Found {
  message: string;
  lines: string[];
  at?: BotErrorAt;
}

/** The first error in `lines`; `cwd` (the bot's directory) makes its place relative when the file is under it. */
export function firstError(lines: readonly string[], cwd?: string): BotError | undefined {
  const plain = lines.map((l) => l.replace(ANSI, '').replace(/\r$/, ''));
  for (let i = 0; i < plain.length; i++) {
    const found =
      nodeUncaught(plain, i) ?? pythonTraceback(plain, i) ?? pythonSyntaxError(plain, i) ?? jsStack(plain, i);
    if (found) return bounded(found, cwd);
  }
  return undefined;
}

/** Node's report of an uncaught error: header, source line, caret, the error and its stack. */
function nodeUncaught(lines: readonly string[], i: number): Found | undefined {
  const header = NODE_HEADER.exec(lines[i]!);
  if (!header || !CARET.test(lines[i + 2] ?? '')) return undefined;
  let j = i + 3;
  while (j < lines.length && lines[j]!.trim() === '') j++;
  const message = lines[j];
  if (message === undefined || JS_FRAME.test(message)) return undefined;
  const frames = framesFrom(lines, j + 1);
  // Thrown from the runtime's own code (an unhandled 'error' event, a rejection): its header says nothing of the bot; the stack does.
  if (header[1]!.startsWith('node:'))
    return { message, lines: [message, ...topFrames(frames)], ...atOf(appFrame(frames)) };
  return {
    message,
    lines: [lines[i]!, lines[i + 1]!, lines[i + 2]!, message, ...topFrames(frames)],
    at: { file: header[1]!, line: Number(header[2]) },
  };
}

/** A stack the bot printed itself (a logged error): a line, then `    at …` frames. */
function jsStack(lines: readonly string[], i: number): Found | undefined {
  const line = lines[i]!;
  if (line.trim() === '' || JS_FRAME.test(line) || !JS_FRAME.test(lines[i + 1] ?? '')) return undefined;
  const frames = framesFrom(lines, i + 1);
  return { message: line.trim(), lines: [line, ...topFrames(frames)], ...atOf(appFrame(frames)) };
}

function framesFrom(lines: readonly string[], from: number): string[] {
  const frames: string[] = [];
  for (let j = from; j < lines.length && JS_FRAME.test(lines[j]!); j++) frames.push(lines[j]!);
  return frames;
}

const runtimeFrame = (frame: string): boolean => /\(node:|at node:/.test(frame);

function topFrames(frames: readonly string[]): string[] {
  return frames.filter((f) => !runtimeFrame(f)).slice(0, JS_FRAMES);
}

/** The top frame in the bot's own code (not the runtime's, not a dependency's), else the top one outside the runtime. */
function appFrame(frames: readonly string[]): BotErrorAt | undefined {
  const places = frames
    .filter((f) => !runtimeFrame(f))
    .flatMap((f) => {
      const m = JS_FRAME_AT.exec(f);
      return m ? [{ file: m[1]!, line: Number(m[2]), column: Number(m[3]) }] : [];
    });
  return places.find((p) => !p.file.includes('/node_modules/')) ?? places[0];
}

const atOf = (at: BotErrorAt | undefined): { at?: BotErrorAt } => (at ? { at } : {});

/** A Python traceback: its last frames (with their source lines) and the exception. */
function pythonTraceback(lines: readonly string[], i: number): Found | undefined {
  if (!PY_TRACEBACK.test(lines[i]!)) return undefined;
  const frames: Array<{ at: BotErrorAt; lines: string[] }> = [];
  let j = i + 1;
  while (j < lines.length) {
    const frame = PY_FRAME.exec(lines[j]!);
    if (frame) frames.push({ at: { file: frame[1]!, line: Number(frame[2]) }, lines: [lines[j]!] });
    else if (/^\s/.test(lines[j]!) && frames.length > 0) frames.at(-1)!.lines.push(lines[j]!);
    else break;
    j++;
  }
  const exception = lines[j];
  if (frames.length === 0 || exception === undefined || exception.trim() === '') return undefined;
  const kept = frames.slice(-PY_FRAMES);
  const skipped = frames.length - kept.length;
  const own = [...frames].reverse().find((f) => !libraryFile(f.at.file)) ?? frames.at(-1)!;
  return {
    message: exception,
    lines: [
      lines[i]!,
      ...(skipped > 0 ? [`  [… ${skipped} earlier frame${skipped === 1 ? '' : 's'}]`] : []),
      ...kept.flatMap((f) => f.lines),
      exception,
    ],
    at: own.at,
  };
}

/** Where Python keeps its own modules and installed packages: not the bot's code. */
const libraryFile = (file: string): boolean =>
  /[\\/](?:site-packages|dist-packages)[\\/]|[\\/]lib[\\/]python\d[\d.]*[\\/]|^<frozen /.test(file);

/** Python's syntax error in the script run: `  File "…", line N`, the source, the caret, `SyntaxError: …`. */
function pythonSyntaxError(lines: readonly string[], i: number): Found | undefined {
  const frame = PY_SYNTAX_FRAME.exec(lines[i]!);
  if (!frame) return undefined;
  let j = i + 1;
  while (j < lines.length && /^\s/.test(lines[j]!) && j - i <= 3) j++;
  if (!PY_ERROR.test(lines[j] ?? '')) return undefined;
  return { message: lines[j]!, lines: lines.slice(i, j + 1), at: { file: frame[1]!, line: Number(frame[2]) } };
}

function bounded(found: Found, cwd: string | undefined): BotError {
  const cut = (l: string): string => (l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS - 1)}…` : l);
  const lines = found.lines.slice(0, MAX_ERROR_LINES).map(cut);
  const message = cut(found.message);
  return found.at ? { at: { ...found.at, file: shortPath(found.at.file, cwd) }, message, lines } : { message, lines };
}

/** A file URL as a path; under `cwd`, relative to it (`bot.js`, as the user knows it). */
function shortPath(file: string, cwd: string | undefined): string {
  let path = file;
  if (file.startsWith('file://')) {
    try {
      path = fileURLToPath(file);
    } catch {
      return file;
    }
  }
  if (cwd === undefined || !isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
