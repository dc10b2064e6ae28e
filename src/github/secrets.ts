import { Writable } from 'node:stream';
import { isSecretVariable } from '../manifest/secret-variables.js';
import { Redactor } from '../remote/redact.js';

/**
 * The values of every variable named like a secret (the credentials, the
 * github-token input, ACTIONS_RUNTIME_TOKEN…). cmdsync keeps credentials out
 * of what it prints; this is the second line for what the action publishes,
 * should a secret have reached the text anyway (pasted into a manifest).
 * One set, used for every channel the action writes to: the log, the step
 * summary, the outputs and the comment.
 */
export function secretValues(env: Readonly<Record<string, string | undefined>>): string[] {
  return [...new Set(Object.entries(env).flatMap(([name, value]) => (value && value.trim() !== '' && !NOT_SECRETS.has(name) && isSecretVariable(name) ? [value.trim()] : [])))];
}

/** The shell's working directories: "PWD" reads as a password's abbreviation, but masking a path would garble every path in the log. */
const NOT_SECRETS = new Set(['PWD', 'OLDPWD']);

export function secretsRedactor(env: Readonly<Record<string, string | undefined>>): Redactor {
  return new Redactor(secretValues(env));
}

/**
 * `::add-mask::` for each secret: the runner then hides it in the rest of
 * the job's log, this step's and later ones'. The runner consumes these
 * lines; they do not show in the log.
 */
export function maskCommands(secrets: readonly string[]): string {
  return secrets
    .flatMap((s) =>
      s
        .split(/\r?\n/)
        .filter((line) => line !== '')
        .map((line) => `::add-mask::${line}\n`),
    )
    .join('');
}

/**
 * A stream that passes on what it is given with every secret replaced; whole
 * writes are redacted (cmdsync writes whole lines). Each write reaches the
 * target at once, not after the target's callback: otherwise writes queue
 * here and lines come out of order with what is written to the target
 * directly (an error printed after the run).
 */
export function redactingStream(target: NodeJS.WritableStream, redactor: Redactor): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      target.write(redactor.redact(chunk.toString()));
      done();
    },
  });
}
