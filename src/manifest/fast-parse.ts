import jsyaml from 'js-yaml';

/**
 * A values-only YAML/JSON parse, several times faster than building the
 * position-tracking document (it matters for pre-commit start-up). Integers
 * outside the safe range come back as BigInt, like the exact parser's
 * `intAsBigInt`, so no snowflake loses digits. Timestamps stay strings, as in
 * YAML 1.2's core schema. Throws on anything it will not read; the caller
 * then takes the exact path, which reports the problem with its position.
 */
// `types` exists at run time but is missing from @types/js-yaml.
interface ScalarType {
  resolve(data: string): boolean;
  construct(data: string): unknown;
}
const types = (jsyaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float' | 'merge', jsyaml.Type & ScalarType> }).types;

function toBigInt(data: string): bigint {
  let text = data.replace(/_/g, '');
  const negative = text.startsWith('-');
  if (negative || text.startsWith('+')) text = text.slice(1);
  const value = BigInt(text);
  return negative ? -value : value;
}

const bigIntSafeInt = new jsyaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (data: string) => types.int.resolve(data),
  construct: (data: string) => {
    const n = types.int.construct(data) as number;
    return Number.isSafeInteger(n) ? n : toBigInt(data);
  },
});

const SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, bigIntSafeInt, types.float, types.merge] });

export function fastParse(text: string): unknown {
  return jsyaml.load(text, { schema: SCHEMA });
}
