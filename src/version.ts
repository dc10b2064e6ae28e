/** Kept equal to package.json's version by test/cli/version.test.ts; read without touching the file system at start-up. */
export const VERSION = '0.1.0';
