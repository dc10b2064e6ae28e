/** Components as the service returns them: every component numbered (facts components §1.2). */
import { describe, expect, it } from 'vitest';
import { numberComponents } from '../../../src/wire/components/index.js';

describe('numberComponents', () => {
  it('numbers parents before children, 1, 2, …, skipping ids already given; the request is left alone', () => {
    const sent = [
      {
        type: 1,
        components: [
          { type: 2, style: 1, custom_id: 'a' },
          { type: 2, style: 1, custom_id: 'b', id: 3 },
        ],
      },
      { type: 9, components: [{ type: 10, content: 'x' }], accessory: { type: 11, media: { url: 'https://x/a.png' } } },
      { type: 17, id: 0, components: [{ type: 10, content: 'y' }] },
    ];
    const copy = structuredClone(sent);
    const stored = numberComponents(sent) as any[];
    expect(sent).toEqual(copy);
    expect(stored[0].id).toBe(1);
    expect(stored[0].components.map((c: any) => c.id)).toEqual([2, 3]);
    expect([stored[1].id, stored[1].components[0].id, stored[1].accessory.id]).toEqual([4, 5, 6]);
    expect([stored[2].id, stored[2].components[0].id]).toEqual([7, 8]);
  });
});
