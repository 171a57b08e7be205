import { describe, expect, it } from 'vitest';
import { diffEntities, diffEntity, diffValues } from './diff.ts';

describe('diffValues', () => {
  it.each([
    ['nothing changed', { a: 1, b: 'x' }, { a: 1, b: 'x' }, []],
    [
      'a changed scalar',
      { amount: '100.00', term: 60 },
      { amount: '125.50', term: 60 },
      [{ property: 'amount', oldValue: '100.00', newValue: '125.50' }],
    ],
    [
      'set and cleared values',
      { a: null, b: 'gone' },
      { a: true, b: null },
      [
        { property: 'a', oldValue: null, newValue: 'true' },
        { property: 'b', oldValue: 'gone', newValue: null },
      ],
    ],
    [
      'nested lists by position',
      { addresses: [{ city: 'Denver' }, { city: 'Boulder' }] },
      { addresses: [{ city: 'Golden' }] },
      [
        { property: 'addresses[0].city', oldValue: 'Denver', newValue: 'Golden' },
        { property: 'addresses[1].city', oldValue: 'Boulder', newValue: null },
      ],
    ],
    [
      'dates as ISO text',
      { at: new Date('2026-01-02T03:04:05Z') },
      { at: new Date('2026-01-02T03:04:06Z') },
      [{ property: 'at', oldValue: '2026-01-02T03:04:05.000Z', newValue: '2026-01-02T03:04:06.000Z' }],
    ],
  ])('%s', (_name, before, after, expected) => expect(diffValues(before, after)).toEqual(expected));

  it('leaves out ignored properties', () => {
    expect(
      diffValues({ id: 1, updatedAt: 'a', x: 1 }, { id: 2, updatedAt: 'b', x: 1 }, { ignore: ['id', 'updatedAt'] }),
    ).toEqual([]);
  });
});

describe('diffEntities', () => {
  it('reports added, changed and removed entities by id', () => {
    const before = [
      { id: 1, name: 'Ann', role: 'PRIMARY' },
      { id: 2, name: 'Bob', role: 'CO_APPLICANT' },
    ];
    const after = [
      { id: 1, name: 'Ann', role: 'PRIMARY' },
      { id: 3, name: 'Cy', role: 'CO_SIGNER' },
    ];
    expect(diffEntities('Applicant', before, after)).toEqual([
      { entity: 'Applicant', entityId: 3, property: 'name', oldValue: null, newValue: 'Cy' },
      { entity: 'Applicant', entityId: 3, property: 'role', oldValue: null, newValue: 'CO_SIGNER' },
      { entity: 'Applicant', entityId: 2, property: 'name', oldValue: 'Bob', newValue: null },
      { entity: 'Applicant', entityId: 2, property: 'role', oldValue: 'CO_APPLICANT', newValue: null },
    ]);
  });

  it('diffs one entity without its id', () => {
    expect(diffEntity('Request', 7, { id: 7, gap: null }, { id: 7, gap: '595.00' })).toEqual([
      { entity: 'Request', entityId: 7, property: 'gap', oldValue: null, newValue: '595.00' },
    ]);
  });
});
