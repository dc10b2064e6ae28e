// Registered with --import: logs every module the process loads to the file in
// CMDSYNC_TRACE_FILE, so a test can see what `cmdsync lint` loads: ES modules
// through a resolve hook, CommonJS through the resolver require() uses, and
// code compiled with vm.Script (the lint bundle starts from V8's code cache).
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

register('./trace-hooks.mjs', import.meta.url);

const log = (file) => {
  if (process.env.CMDSYNC_TRACE_FILE) appendFileSync(process.env.CMDSYNC_TRACE_FILE, `${pathToFileURL(file).href}\n`);
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  if (file.startsWith('/') || /^[A-Za-z]:\\/.test(file)) log(file);
  return file;
};

const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    if (options?.filename) log(options.filename);
  }
};
