import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { ROOT } from '../helpers/fixtures.js';

it('VERSION matches package.json', () => {
  expect(VERSION).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
});
