/**
 * A `.json` manifest is read by the YAML parser (for positions), which also
 * takes what JSON forbids: trailing commas, comments, single quotes, bare
 * keys. Editors and other tools would refuse such a file, so cmdsync does
 * too. Only files named `.json` are held to this.
 */

export interface JsonProblem {
  offset: number;
  message: string;
}

/** The first way `text` is not JSON, or undefined when it is. */
export function jsonProblem(text: string): JsonProblem | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    const comma = trailingComma(text);
    if (comma !== undefined)
      return {
        offset: comma,
        message: 'A trailing comma is not allowed in JSON: remove it (or write the manifest in YAML).',
      };
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    return {
      offset: at ? Number(at[1]) : 0,
      message: `Not valid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '')}.`,
    };
  }
}

/** The offset of a comma followed only by whitespace and a closing bracket, outside strings. */
function trailingComma(text: string): number | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',') {
      let j = i + 1;
      while (j < text.length && (text[j] === ' ' || text[j] === '\n' || text[j] === '\r' || text[j] === '\t')) j++;
      if (text[j] === '}' || text[j] === ']') return i;
    }
  }
  return undefined;
}
