/**
 * A request target's path and query (http/router.ts splitTarget). Targets
 * without a query share one empty query, which must refuse changes: a
 * handler's change would otherwise reach every later request.
 */
import { describe, expect, it } from 'vitest';
import { splitTarget } from '../../src/emulator/http/router.js';

describe('splitTarget', () => {
  it('keeps the path as sent and parses the query', () => {
    const { path, query } = splitTarget('/api/v10/webhooks/1/t?wait=true&thread_id=2');
    expect(path).toBe('/api/v10/webhooks/1/t');
    expect([...query]).toEqual([
      ['wait', 'true'],
      ['thread_id', '2'],
    ]);
    expect(splitTarget('webhooks/%2e%2e/x?').path).toBe('/webhooks/%2e%2e/x');
  });

  it('gives a target without a query an empty one that cannot be changed', () => {
    const { query } = splitTarget('/api/v10/webhooks/1/t');
    expect(query.size).toBe(0);
    expect(query.get('wait')).toBeNull();
    expect(() => query.set('wait', 'true')).toThrow(TypeError);
    expect(() => query.append('wait', 'true')).toThrow(TypeError);
    expect(() => query.delete('wait')).toThrow(TypeError);
    expect(() => query.sort()).toThrow(TypeError);
    expect(splitTarget('/api/v10/other').query.get('wait')).toBeNull();
  });
});
