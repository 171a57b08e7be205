import { describe, expect, it } from 'vitest';
import type { GridFilterModel } from '@mui/x-data-grid';
import { applicationSearchRequestSchema, queueColumns, type QueueColumn } from '@credence/contracts';
import { defaultViewState, type QueueViewState } from './grid-state.ts';
import {
  baseFromSavedCriteria,
  buildSearchRequest,
  combineFilters,
  gridFilterToQueue,
  noBaseCriteria,
  queueToGridFilter,
  sortItemsToModel,
  sortModelToItems,
  toRequestValue,
  toSavedCriteria,
  userSort,
  userText,
} from './search-request.ts';

const columns: QueueColumn[] = queueColumns.map((c) => ({ ...c, operators: [...c.operators], valueOptions: null }));
const model = (items: GridFilterModel['items'], quickFilterValues: unknown[] = []): GridFilterModel => ({
  items,
  quickFilterValues,
});

describe('DataGrid filter model → search request', () => {
  it('maps complete items and leaves out the ones still being typed', () => {
    const { filter, text } = gridFilterToQueue(
      model([
        { id: 1, field: 'requestedAmount', operator: '>=', value: '20000' },
        { id: 2, field: 'applicantName', operator: 'contains', value: '' },
        { id: 3, field: 'memberNumber', operator: 'isEmpty' },
      ]),
      columns,
    );
    expect(filter).toEqual({
      logic: 'and',
      filters: [
        { field: 'requestedAmount', operator: '>=', value: '20000' },
        { field: 'memberNumber', operator: 'isEmpty', value: null },
      ],
    });
    expect(text).toBe('');
  });

  it('drops unknown fields, non-filterable columns and operators the server does not offer', () => {
    const { filter } = gridFilterToQueue(
      model([
        { field: 'nope', operator: 'equals', value: 'x' },
        { field: 'lockingUser', operator: 'contains', value: 'x' },
        { field: 'applicantName', operator: 'endsWith', value: 'x' },
      ]),
      columns,
    );
    expect(filter.filters).toEqual([]);
  });

  it.each([
    ['money', '>', '12.5', '12.5'],
    ['money', '>=', '$25,000.00', '25000.00'],
    ['money', '>', '1.005', undefined],
    ['money', '>', 1.005, undefined],
    ['number', '=', '36', 36],
    ['number', '=', 'abc', undefined],
    ['boolean', 'is', 'false', false],
    ['boolean', 'is', true, true],
    ['dateTime', 'after', new Date('2026-01-02T03:04:00.000Z'), '2026-01-02T03:04:00.000Z'],
    ['dateTime', 'after', new Date('invalid'), undefined],
    ['singleSelect', 'isAnyOf', [3, 4], [3, 4]],
    ['singleSelect', 'isAnyOf', [], undefined],
    ['string', 'isNotEmpty', undefined, null],
    ['string', 'contains', '   ', undefined],
  ] as const)('%s %s %j → %j', (type, operator, value, expected) =>
    expect(toRequestValue(type, operator, value)).toEqual(expected),
  );

  it('takes the quick filter text as one text', () => {
    expect(gridFilterToQueue(model([], ['Jordan', 'Ellis']), columns).text).toBe('Jordan Ellis');
  });

  it('round-trips to the grid model (date-times as Dates)', () => {
    const filter = {
      logic: 'and' as const,
      filters: [{ field: 'createdUtcTime', operator: 'onOrAfter', value: '2026-05-01T10:00:00.000Z' }],
    };
    const grid = queueToGridFilter(filter, 'Ellis', columns);
    expect(grid.items[0]?.value).toBeInstanceOf(Date);
    expect(grid.quickFilterValues).toEqual(['Ellis']);
    expect(gridFilterToQueue(grid, columns)).toEqual({ filter, text: 'Ellis' });
  });

  it('maps the sort model both ways', () => {
    const items = sortModelToItems([
      { field: 'requestedAmount', sort: 'desc' },
      { field: 'x', sort: null },
    ]);
    expect(items).toEqual([{ field: 'requestedAmount', dir: 'desc' }]);
    expect(sortItemsToModel(items)).toEqual([{ field: 'requestedAmount', sort: 'desc' }]);
  });
});

describe('search request of a page', () => {
  const view: QueueViewState = {
    ...defaultViewState,
    page: 1,
    pageSize: 10,
    sort: [{ field: 'requestedAmount', dir: 'desc' }],
    filter: { logic: 'and', filters: [{ field: 'state', operator: 'is', value: 'new' }] },
  };

  it('is 1-based and passes the contract', () => {
    const request = buildSearchRequest(noBaseCriteria, view, null);
    expect(request).toEqual({
      page: 2,
      pageSize: 10,
      filter: view.filter,
      text: null,
      sort: view.sort,
      columns: null,
    });
    expect(applicationSearchRequestSchema.safeParse(request).success).toBe(true);
  });

  it('puts the user state on top of a saved filter', () => {
    const base = baseFromSavedCriteria({
      gridName: 'allApplicationsQueue',
      filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: '25000' }] },
      sort: [{ field: 'requestedAmount', dir: 'desc' }],
      text: 'Ellis',
      columns: null,
    });
    const onTop = buildSearchRequest(base, { ...defaultViewState, filter: view.filter }, null);
    expect(onTop.filter?.filters).toHaveLength(2);
    expect(onTop.sort).toEqual(base.sort);
    expect(onTop.text).toBe('Ellis');
    // The user's sort and text replace the base's; an empty one clears it.
    const replaced = buildSearchRequest(base, { ...defaultViewState, sort: [], text: '' }, null);
    expect(replaced.sort).toBeNull();
    expect(replaced.text).toBeNull();
    expect(userSort(base, [{ field: 'requestedAmount', dir: 'desc' }])).toBeNull();
    expect(userSort(base, [])).toEqual([]);
    expect(userText(base, 'Ellis')).toBeNull();
    expect(userText(noBaseCriteria, '')).toBeNull();
  });

  it('does not join items to a base that uses OR', () => {
    const base = {
      logic: 'or' as const,
      filters: [
        { field: 'state', operator: 'is', value: 'new' },
        { field: 'state', operator: 'is', value: 'pending' },
      ],
    };
    expect(combineFilters(base, view.filter)).toBe(base);
    expect(combineFilters(null, { logic: 'and', filters: [] })).toBeNull();
  });

  it('saves the criteria on screen with the visible columns', () => {
    expect(toSavedCriteria('creditQueue', noBaseCriteria, view, ['applicationId', 'state'])).toEqual({
      gridName: 'creditQueue',
      filter: view.filter,
      sort: view.sort,
      text: null,
      columns: ['applicationId', 'state'],
    });
  });
});
