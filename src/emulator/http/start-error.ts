/** The emulator could not start (port in use, bad host); the message is one line for the CLI. */
export class EmulatorStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorStartError';
  }
}
