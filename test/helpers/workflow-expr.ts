/**
 * GitHub Actions' expressions (`${{ … }}`, `if:`), the part a workflow recipe
 * uses: string literals, `true`/`false`/`null`, context values
 * (`github.event_name`, `vars.X`, `secrets.X`, `steps.<id>.outputs.<name>`),
 * `==`, `!=` (strings compared ignoring case, as GitHub does), `!`, `&&`,
 * `||` (each giving one of its operands, as GitHub's do) and parentheses.
 * Anything else throws, so a recipe cannot use what this evaluator would
 * get wrong.
 */

export type Value = string | boolean | null;
/** A context value by its dotted path (`github.event_name`); undefined when the context has no such value. */
export type Lookup = (path: string) => Value | undefined;

const TOKEN = /\s*(?:('(?:[^']|'')*')|(==|!=|&&|\|\||!|\(|\))|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*))/y;

export function evaluate(expression: string, lookup: Lookup): Value {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(expression);
    if (!m)
      throw new Error(
        `expression: cannot read ${JSON.stringify(expression.slice(at))} in ${JSON.stringify(expression)}`,
      );
    tokens.push(m[0].trim());
  }
  let i = 0;
  const peek = () => tokens[i];
  const primary = (): Value => {
    const t = tokens[i++];
    if (t === undefined) throw new Error(`expression: unexpected end of ${JSON.stringify(expression)}`);
    if (t === '(') {
      const v = or();
      if (tokens[i++] !== ')') throw new Error(`expression: missing ) in ${JSON.stringify(expression)}`);
      return v;
    }
    if (t === '!') return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (!t.includes('.'))
      throw new Error(`expression: ${t} is not something this evaluator knows (in ${JSON.stringify(expression)})`);
    const v = lookup(t);
    if (v === undefined) throw new Error(`expression: no value for ${t}`);
    return v;
  };
  const comparison = (): Value => {
    const left = primary();
    if (peek() === '==' || peek() === '!=') {
      const op = tokens[i++];
      const equal = same(left, primary());
      return op === '==' ? equal : !equal;
    }
    return left;
  };
  const and = (): Value => {
    let v = comparison();
    while (peek() === '&&') {
      i++;
      const right = comparison();
      v = truthy(v) ? right : v;
    }
    return v;
  };
  const or = (): Value => {
    let v = and();
    while (peek() === '||') {
      i++;
      const right = and();
      v = truthy(v) ? v : right;
    }
    return v;
  };
  const value = or();
  if (i !== tokens.length) throw new Error(`expression: unexpected ${tokens[i]} in ${JSON.stringify(expression)}`);
  return value;
}

export const truthy = (v: Value): boolean => v !== null && v !== false && v !== '';

function same(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

/** `text` with each `${{ … }}` replaced by its value as a string (null as ''). */
export function interpolate(text: string, lookup: Lookup): string {
  return text.replace(/\$\{\{([\s\S]+?)\}\}/g, (_m, expr: string) => {
    const v = evaluate(expr, lookup);
    return v === null ? '' : String(v);
  });
}
