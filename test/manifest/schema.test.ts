import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateSchemaArtifacts } from '../../scripts/schema-artifacts.mjs';
import { FIXTURES, ROOT } from '../helpers/fixtures.js';

describe('the published JSON Schema', () => {
  it('matches src/manifest/schema.ts, and so does the compiled validator (run npm run gen:schema after changing it)', async () => {
    const { schemaJson, validatorJs } = await generateSchemaArtifacts(join(ROOT, 'dist/manifest/schema.js'));
    expect(readFileSync(join(ROOT, 'schemas/manifest.schema.json'), 'utf8')).toBe(schemaJson);
    expect(readFileSync(join(ROOT, 'src/manifest/generated/validate-manifest.js'), 'utf8')).toBe(validatorJs);
  });

  it('is draft-07 with a description on every property, for editors', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/manifest.schema.json'), 'utf8'));
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const missing: string[] = [];
    const visit = (node: Record<string, unknown>, where: string): void => {
      for (const [name, prop] of Object.entries((node.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        if (typeof prop.description !== 'string' && typeof prop.$ref !== 'string') missing.push(`${where}.${name}`);
        visit(prop, `${where}.${name}`);
      }
    };
    visit(schema, '$');
    for (const [name, def] of Object.entries(schema.definitions as Record<string, Record<string, unknown>>))
      visit(def, name);
    expect(missing).toEqual([]);
  });

  it('accepts the valid fixtures in a stock validator (as an editor would)', () => {
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/manifest.schema.json'), 'utf8')));
    for (const f of ['example.yaml', 'anchors.yaml']) {
      const doc = parse(readFileSync(join(FIXTURES, 'valid', f), 'utf8'), { merge: true });
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
