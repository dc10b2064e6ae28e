// Preloaded (`node -r`) into `cmdsync test` by crash.e2e.test.ts: once the
// summary line (`N passed, M failed`) is written, on the next turn of the
// event loop, prints what would still keep the process alive (its active
// handles and timers) to stderr. A timer there holds the exit back after
// the run is over; found by looking, not by timing the exit.
'use strict';

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const written = write(chunk, ...rest);
  if (/\d+ passed, \d+ failed/.test(String(chunk))) {
    setImmediate(() => process.stderr.write(`pending after the summary: ${JSON.stringify(process.getActiveResourcesInfo())}\n`));
  }
  return written;
};
