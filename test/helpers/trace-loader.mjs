// Registered with --import: logs every module URL the process resolves to the
// file in CMDSYNC_TRACE_FILE, so a test can see what `cmdsync lint` loads.
import { register } from 'node:module';

register('./trace-hooks.mjs', import.meta.url);
