import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loanAdditionsResource,
  type CurrentUser,
  type LoanAddition,
  type LoanAdditionInput,
} from '@credence/contracts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { updateSession } from '../../../lib/session-store.ts';
import { ResourceListPage } from '../kit/resource-list-page.tsx';
import type { AdminAreaEntry } from '../kit/types.ts';
import { loanAdditionsArea } from './loan-additions-area.ts';

/**
 * Administration › Add-Ons, the finance-charge mark (issue 41), without a server: `fetch` answers the list and
 * the loan products and keeps the bodies of the saves. The browser test keeps the way there
 * (loan-additions.spec.ts).
 */
const addition = (over: Partial<LoanAddition>): LoanAddition => ({
  id: 1,
  name: 'GAP',
  feeType: 'flat',
  flatAmount: '595.00',
  ratePer1000: null,
  isDefault: false,
  financeCharge: false,
  loanProductIds: [],
  sortOrder: 0,
  enabled: true,
  ...over,
});
const rows = [addition({ id: 1, name: 'GAP' }), addition({ id: 2, name: 'Loan fee', financeCharge: true })];

/** `fetch` as the server; the bodies of the creates kept. */
const serve = () => {
  const saves: LoanAdditionInput[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const path = url.split('?')[0];
    if (path === '/api/loanAdditions' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as LoanAdditionInput;
      saves.push(body);
      return Promise.resolve(Response.json(addition({ ...body, id: 3 } as Partial<LoanAddition>)));
    }
    if (path === '/api/loanAdditions') return Promise.resolve(Response.json({ data: rows, total: rows.length }));
    if (path === '/api/loanProducts') return Promise.resolve(Response.json([]));
    return Promise.resolve(Response.json({ data: [], total: 0 }));
  });
  return saves;
};

afterEach(() => {
  vi.unstubAllGlobals();
  updateSession({ token: null });
});

const open = async () => {
  const saves = serve();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // An administrator signed in (the list is read with the area's right).
  updateSession({ token: 'test' });
  client.setQueryData(currentUserQueryKey, { rights: [loanAdditionsResource.right] } as unknown as CurrentUser);
  const area = loanAdditionsArea as Extract<AdminAreaEntry, { kind: 'resource' }>;
  const router = createMemoryRouter([{ path: '/', element: <ResourceListPage area={area} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const grid = await screen.findByTestId('resource-grid');
  return { grid, saves };
};

const financeCharge = /^Finance charge/;

describe('Add-Ons: finance charge', () => {
  it('marks the add-ons that are finance charges in the list', async () => {
    const { grid } = await open();
    const header = await within(grid).findByRole('columnheader', { name: 'Finance Charge' });
    const column = header.getAttribute('aria-colindex');
    const cell = (name: string) =>
      within(within(grid).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('gridcell')
        .find((c) => c.getAttribute('aria-colindex') === column)!;
    await waitFor(() => expect(cell('Loan fee').textContent).toBe('Yes'));
    expect(cell('GAP').textContent).toBe('');
  }, 20_000);

  it('saves a new add-on as a finance charge when ticked (not by default)', async () => {
    const { saves } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add Add-On' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Add-On' });
    const box = (await within(dialog).findByRole('checkbox', { name: financeCharge })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Loan fee 2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Flat amount' }), { target: { value: '150' } });
    fireEvent.click(box);
    const saveButton = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(saveButton.disabled).toBe(false));
    fireEvent.click(saveButton);
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 8000 });
    expect(saves[0]).toMatchObject({ name: 'Loan fee 2', flatAmount: '150.00', financeCharge: true });
  }, 20_000);
});
