import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultDecisionEngineConfig,
  disclosureTermsTexts,
  type DecisionEngineConfig,
  type DecisionEngineSettings,
  type LoanProduct,
} from '@credence/contracts';
import { DecisionEnginePage } from './decision-engine-page.tsx';

/**
 * Administration › Decision Engine, the Truth in Lending table by product (issue 41), without a server: `fetch`
 * answers the settings, the loan products and the lists, and keeps the bodies of the saves. The server's own rules
 * are its integration tests'; the browser test keeps the way there (policy-admin.spec.ts).
 */
const product = (id: number, name: string): LoanProduct => ({
  id,
  name,
  controlType: 'AUTOMOTIVE',
  directAllowed: true,
  indirectAllowed: true,
  requiresVin: false,
  gathersInsurance: false,
  isBusinessLoan: false,
});
const products = [product(1, 'New Auto'), product(2, 'Used Auto'), product(3, 'Signature Loan')];

const settings: DecisionEngineSettings = {
  ...defaultDecisionEngineConfig,
  dealerRates: [],
  disclosureTerms: [{ loanProductId: 1, dayCount: 'thirty360', oddDays: 'prepaid' }],
  version: 3,
  updatedAt: '2026-11-20T15:00:00.000Z',
  updatedBy: 'Avery Morgan',
};

/** `fetch` as the server; the bodies of the settings saves kept. */
const serve = () => {
  const saves: DecisionEngineConfig[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const path = url.split('?')[0];
    if (path === '/api/decisionEngine/config' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as DecisionEngineConfig;
      saves.push(body);
      return Promise.resolve(Response.json({ ...settings, ...body, version: 4 }));
    }
    if (path === '/api/decisionEngine/config') return Promise.resolve(Response.json(settings));
    if (path === '/api/loanProducts') return Promise.resolve(Response.json(products));
    if (path === '/api/userGroups/lookup') return Promise.resolve(Response.json([]));
    return Promise.resolve(Response.json({ data: [], total: 0 }));
  });
  return saves;
};

afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  const saves = serve();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <DecisionEnginePage /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: disclosureTermsTexts.title });
  const rows = () => within(table).getAllByRole('row').slice(1);
  const choose = async (row: HTMLElement, label: string, option: string) => {
    fireEvent.mouseDown(within(row).getByRole('combobox', { name: label }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { table, rows, choose, save, saves };
};

// MUI selects in happy-dom take seconds when the CI runs lint beside these tests: 20 s each, as the other areas.
describe('Decision Engine: Truth in Lending by product', () => {
  it('lists the products set, says what the others have, and saves a product added with its terms', async () => {
    const { table, rows, choose, save, saves } = await open();
    expect(
      screen.getByText('Products not listed use Actual/365, with odd-days interest added to the first payment.'),
    ).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByRole('combobox', { name: 'Loan product' }).textContent).toBe('New Auto');
    expect(within(rows()[0]!).getByRole('combobox', { name: 'Odd days accrue' }).textContent).toBe('30/360');
    expect(within(rows()[0]!).getByRole('combobox', { name: 'Odd-days interest' }).textContent).toBe(
      'Prepaid at closing',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    // A product added is the first not listed yet, with the defaults.
    expect(within(rows()[1]!).getByRole('combobox', { name: 'Loan product' }).textContent).toBe('Used Auto');
    await choose(rows()[1]!, 'Loan product', 'Signature Loan');
    await choose(rows()[1]!, 'Odd-days interest', 'Not charged');
    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.disclosureTerms).toEqual([
      { loanProductId: 1, dayCount: 'thirty360', oddDays: 'prepaid' },
      { loanProductId: 3, dayCount: 'actual365', oddDays: 'none' },
    ]);
    expect(await screen.findByText(/^Version 4, saved/)).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  }, 20_000);

  it('saves without a product removed', async () => {
    const { rows, save, saves } = await open();
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Remove New Auto' }));
    expect(screen.getByText('No product listed: every product uses the defaults.')).toBeTruthy();
    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.disclosureTerms).toEqual([]);
  }, 20_000);

  it('refuses a product listed twice, on its row, and saves nothing', async () => {
    const { rows, choose, save, saves } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await choose(rows()[1]!, 'Loan product', 'New Auto');
    expect(await within(rows()[1]!).findByText(disclosureTermsTexts.productTwice)).toBeTruthy();
    save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toHaveLength(0);
    await choose(rows()[1]!, 'Loan product', 'Used Auto');
    await waitFor(() => expect(within(rows()[1]!).queryByText(disclosureTermsTexts.productTwice)).toBeNull());
  }, 20_000);

  it('offers no product to add once every product is listed', async () => {
    await open();
    const add = screen.getByRole('button', { name: 'Add Product' }) as HTMLButtonElement;
    fireEvent.click(add);
    fireEvent.click(add);
    expect(add.disabled).toBe(true);
  }, 20_000);
});
