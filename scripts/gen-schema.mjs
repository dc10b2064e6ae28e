// Writes schemas/manifest.schema.json and the ahead-of-time compiled validator
// (src/manifest/generated/validate-manifest.js) from src/manifest/schema.ts.
// Run after `npm run build` (it reads dist/); test/manifest/schema.test.ts
// fails when the committed files drift from the source.
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateSchemaArtifacts } from './schema-artifacts.mjs';

const { schemaJson, validatorJs } = await generateSchemaArtifacts();
mkdirSync('schemas', { recursive: true });
mkdirSync('src/manifest/generated', { recursive: true });
writeFileSync('schemas/manifest.schema.json', schemaJson);
writeFileSync('src/manifest/generated/validate-manifest.js', validatorJs);
console.log('wrote schemas/manifest.schema.json and src/manifest/generated/validate-manifest.js');
