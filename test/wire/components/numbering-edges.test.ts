/**
 * numberComponents at its edges (wire/components/normalize.ts, facts components §1.2): which ids
 * count as given (positive integers only), a label's component numbered after it, and entries
 * that are no component left as they are.
 */
import { describe, expect, it } from 'vitest';
import { numberComponents } from '../../../src/wire/components/index.js';

describe('numberComponents', () => {
  it('an id given further down is skipped by the components numbered before it', () => {
    expect(numberComponents([{ type: 1, components: [{ type: 2, id: 1 }, { type: 2 }] }])).toEqual([
      {
        type: 1,
        id: 2,
        components: [
          { type: 2, id: 1 },
          { type: 2, id: 3 },
        ],
      },
    ]);
  });

  it('only a positive integer is a given id: 0, -1, 1.5 and "2" are numbered over', () => {
    const sent = [
      {
        type: 1,
        id: 1.5,
        components: [
          { type: 2, id: '2' },
          { type: 2, id: -1 },
          { type: 2, id: 0 },
        ],
      },
    ];
    expect(numberComponents(sent)).toEqual([
      {
        type: 1,
        id: 1,
        components: [
          { type: 2, id: 2 },
          { type: 2, id: 3 },
          { type: 2, id: 4 },
        ],
      },
    ]);
  });

  it("a label's component is numbered after the label", () => {
    expect(numberComponents([{ type: 18, label: 'L', component: { type: 4, custom_id: 't' } }])).toEqual([
      { type: 18, id: 1, label: 'L', component: { type: 4, id: 2, custom_id: 't' } },
    ]);
  });

  it('entries that are no component are kept and take no number', () => {
    expect(numberComponents([null, 'x', 7, { type: 1, components: [null, { type: 2 }] }])).toEqual([
      null,
      'x',
      7,
      { type: 1, id: 1, components: [null, { type: 2, id: 2 }] },
    ]);
  });
});
