/**
 * A small `.env` parser: `KEY=value` lines, `export ` prefixes, `#` comments,
 * single quotes (literal), double quotes (with \n \r \t \\ \" escapes, and
 * able to span lines), backticks (literal), and inline ` #` comments after
 * unquoted values. Later assignments win. Malformed lines are skipped, as
 * the common dotenv implementations do.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(lines[i]);
    if (!match) continue;
    const key = match[1];
    let rest = match[2];
    const quote = rest[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      // Find the closing quote, joining following lines when the value spans several.
      let body = rest.slice(1);
      let end = findClosing(body, quote);
      while (end === -1 && i + 1 < lines.length) {
        body += `\n${lines[++i]}`;
        end = findClosing(body, quote);
      }
      if (end === -1) continue;
      const raw = body.slice(0, end);
      out[key] = quote === '"' ? unescapeDouble(raw) : raw;
      continue;
    }
    const comment = rest.search(/\s#/);
    if (comment !== -1) rest = rest.slice(0, comment);
    out[key] = rest.trim();
  }
  return out;
}

function findClosing(body: string, quote: string): number {
  for (let i = 0; i < body.length; i++) {
    if (quote === '"' && body[i] === '\\') {
      i++;
      continue;
    }
    if (body[i] === quote) return i;
  }
  return -1;
}

function unescapeDouble(raw: string): string {
  return raw.replace(/\\([nrt"\\])/g, (_m, c: string) => ({ n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' })[c] ?? c);
}
