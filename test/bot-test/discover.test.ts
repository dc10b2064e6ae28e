import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTestFiles } from '../../src/bot-test/file/discover.js';
import { testdir } from '../helpers/tmp.js';

describe('findTestFiles', () => {
  const tree = {
    'bot.test.yaml': '',
    'cmdsync.yaml': '',
    'a/b/deep.test.yaml': '',
    'a/not-a-test.yaml': '',
    'node_modules/pkg/x.test.yaml': '',
    'a/node_modules/y.test.yaml': '',
    '.git/z.test.yaml': '',
  };

  it('finds every *.test.yaml by default, never under node_modules or .git', async () => {
    const dir = testdir(tree);
    expect(await findTestFiles(dir, [])).toEqual([join(dir, 'a/b/deep.test.yaml'), join(dir, 'bot.test.yaml')]);
  });

  it('takes globs, directories and plain paths; each file once, sorted', async () => {
    const dir = testdir(tree);
    expect(await findTestFiles(dir, ['a', 'bot.test.yaml', '*.test.yaml'])).toEqual([
      join(dir, 'a/b/deep.test.yaml'),
      join(dir, 'bot.test.yaml'),
    ]);
    expect(await findTestFiles(dir, ['a/**/*.yaml'])).toEqual([
      join(dir, 'a/b/deep.test.yaml'),
      join(dir, 'a/not-a-test.yaml'),
    ]);
  });

  it('keeps a named file that does not exist, so reading it says so', async () => {
    const dir = testdir(tree);
    expect(await findTestFiles(dir, ['missing.test.yaml'])).toEqual([join(dir, 'missing.test.yaml')]);
  });
});
