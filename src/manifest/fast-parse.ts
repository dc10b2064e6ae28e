import type { Schema, Type } from 'js-yaml';
import { parseBlockYaml } from './block-yaml.js';
import { jsYamlLib } from './yaml-lib.js';

/**
 * A values-only YAML/JSON parse, several times faster than building the
 * position-tracking document (it matters for pre-commit start-up). Block-style
 * YAML is read by block-yaml.ts; anything else (JSON, anchors, block
 * scalars, …) by js-yaml. Integers outside the safe range come back as BigInt,
 * like the exact parser's `intAsBigInt`, so no snowflake loses digits.
 * Timestamps stay strings, as in YAML 1.2's core schema. Throws on anything
 * it will not read; the caller then takes the exact path, which reports the
 * problem with its position.
 */
export interface ParsedValue {
  value: unknown;
  /** No node appears twice in the tree (YAML aliases share nodes), so it may be converted in place. */
  unshared: boolean;
  /** Strings may hold `${…}` references (see toPlainValue). */
  references: boolean;
}

export function fastParse(text: string): ParsedValue {
  const block = parseBlockYaml(text);
  // The block reader decodes only JSON's escapes, none of which writes `$` or `{`: its strings hold `${` only where the file does.
  if (block !== undefined) return { value: block, unshared: true, references: text.includes('${') };
  return { value: jsYamlLib().load(text, { schema: jsYamlSchema() }), unshared: false, references: true };
}

// `types` exists at run time but is missing from @types/js-yaml.
interface ScalarType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}

let schema: Schema | undefined;

function jsYamlSchema(): Schema {
  if (schema) return schema;
  const jsyaml = jsYamlLib();
  const types = (jsyaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float' | 'merge', Type & ScalarType> }).types;
  const bigIntSafeInt = new jsyaml.Type('tag:yaml.org,2002:int', {
    kind: 'scalar',
    resolve: (data: string) => types.int.resolve(data),
    construct: (data: string) => {
      const n = types.int.construct(data) as number;
      return Number.isSafeInteger(n) ? n : toBigInt(data);
    },
  });
  schema = jsyaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, bigIntSafeInt, types.float, types.merge] });
  return schema;
}

function toBigInt(data: string): bigint {
  let text = data.replace(/_/g, '');
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  const value = BigInt(text);
  return negative ? -value : value;
}
