import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultWidgetSettings, widgetMessages, type AddonPreferences, type Widget } from '@credence/contracts';
import { updateSession } from '../../lib/session-store.ts';
import { AddonSalesWidget, type AddonSalesWidgetData } from './addon-sales-widget.tsx';
import { FundingTableWidget, type FundingTableWidgetData } from './funding-table-widget.tsx';

/**
 * The widgets without a server (spec 1 §2 Home): `fetch` answers the add-on preferences and keeps the bodies of
 * the saves. The browser test (e2e/specs/home-widgets.spec.ts) goes the whole way against the real server.
 */
const MUI = 20_000;

const base = {
  id: 1,
  settings: defaultWidgetSettings,
  snapshotAsOfUtcTime: '2026-11-20T15:00:00.000Z',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  refreshing: false,
};
const funding = (over: Partial<FundingTableWidgetData> = {}): FundingTableWidgetData => ({
  ...base,
  name: 'fundingTable',
  latestSnapshot: { sum: '40250.00', loanProducts: [{ name: 'New Auto', count: 2, sum: '40250.00' }] },
  ...over,
});
const addons = (over: Partial<AddonSalesWidgetData> = {}): AddonSalesWidgetData => ({
  ...base,
  name: 'addonSales',
  latestSnapshot: { total: 3, sum: '1785.00', addonSales: [{ name: 'GAP', count: 3, sum: '1785.00' }] },
  ...over,
});
const catalogue: AddonPreferences['additions'] = [
  { id: 1, name: 'GAP', enabled: true },
  { id: 2, name: 'Old Warranty', enabled: false },
];

type Call = { method: string; path: string; body: unknown };

/** `fetch` as the server: the preferences read, the saves answered with what was sent. */
const serve = (additionIds: number[]) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/user/addonSalesPreferences')
      return Promise.resolve(
        Response.json({
          additionIds: method === 'PUT' ? (body as AddonPreferences).additionIds : additionIds,
          additions: catalogue,
        }),
      );
    if (path.startsWith('/api/user/widgets/') && method === 'PUT')
      return Promise.resolve(Response.json({ ...funding(), settings: body as Widget['settings'], refreshing: true }));
    return Promise.resolve(Response.json([]));
  });
  return calls;
};

const show = (element: ReactNode) => {
  updateSession({ token: 'test' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
};

afterEach(() => {
  vi.unstubAllGlobals();
  updateSession({ token: null });
});

describe('Funding Table', () => {
  it('shows the total and a line per product, and keeps them while a new snapshot is made', { timeout: MUI }, () => {
    serve([]);
    show(<FundingTableWidget widget={funding({ refreshing: true })} />);
    const region = screen.getByRole('region', { name: 'Loans Funded' });
    expect(within(region).getByTestId('widget-total').textContent).toBe('$40,250.00');
    expect(within(region).getByRole('row', { name: 'New Auto 2 $40,250.00' })).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toContain(widgetMessages.refreshing);
    expect(within(region).getByTestId('widget-period').textContent).toBe('11/01/2026 – 11/30/2026');
    expect(within(region).getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('says when there is no snapshot yet, and when nothing was funded', { timeout: MUI }, () => {
    serve([]);
    show(<FundingTableWidget widget={funding({ latestSnapshot: null, snapshotAsOfUtcTime: null })} />);
    expect(screen.getByText(widgetMessages.noSnapshot)).toBeTruthy();
    cleanup();
    show(<FundingTableWidget widget={funding({ latestSnapshot: { sum: '0.00', loanProducts: [] } })} />);
    expect(screen.getByText(widgetMessages.noLoansFunded)).toBeTruthy();
  });

  it('saves a custom period once both dates are set and in order', { timeout: MUI }, async () => {
    const calls = serve([]);
    show(<FundingTableWidget widget={funding()} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-01-01' } });
    expect(screen.getByText(widgetMessages.customDatesOrder)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/user/widgets/fundingTable',
      body: { frequency: { text: 'Custom', value: 'custom' }, startDate: '2026-01-01', endDate: '2026-03-31' },
    });
  });
});

describe('Add On Sales', () => {
  it('shows the count sold and the amount', { timeout: MUI }, async () => {
    serve([1]);
    show(<AddonSalesWidget widget={addons()} />);
    const region = screen.getByRole('region', { name: 'Add On Sales' });
    expect(within(region).getByTestId('widget-count').textContent).toBe('3');
    expect(within(region).getByText(widgetMessages.addonSold)).toBeTruthy();
    expect(within(region).getByRole('row', { name: 'GAP 3 $1,785.00' })).toBeTruthy();
  });

  it('asks for preferences, and the settings dialog saves at least one add-on', { timeout: MUI }, async () => {
    const calls = serve([]);
    show(<AddonSalesWidget widget={addons()} />);
    expect(await screen.findByText(widgetMessages.noPreferences)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: widgetMessages.addonSettingsTitle });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Select addons to track/ }));
    expect((await screen.findByRole('option', { name: 'Old Warranty (Disabled)' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('option', { name: 'GAP' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ additionIds: [1] });
  });
});
