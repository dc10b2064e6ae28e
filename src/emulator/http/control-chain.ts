/** Control handlers (/__emulator/…) from several modules, asked in turn. */
import type { EmulatorResponse } from './http-types.js';

export type ControlHandler = (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined;

/** The first handler that knows the path answers it; undefined leaves it to the built-in routes. */
export function firstControl(...handlers: ControlHandler[]): ControlHandler {
  return (method, path, body) => {
    for (const h of handlers) {
      const answer = h(method, path, body);
      if (answer) return answer;
    }
    return undefined;
  };
}
