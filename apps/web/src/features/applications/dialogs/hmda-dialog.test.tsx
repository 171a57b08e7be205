import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HmdaApplicant } from '@credence/contracts';
import { dialogKeys } from '../dialogs-api.ts';
import { WorksheetContext, type WorksheetContextValue } from '../worksheet/worksheet-context.ts';
import { HmdaDialog } from './hmda-dialog.tsx';

/**
 * The HMDA dialog's checkbox rules (spec 3 §2, §4, §5; issue 28 item 6), without a server: 'Not Provided'
 * stands alone in its group, in race as in ethnicity, and the free text of an 'Other …' choice shows only while it
 * is ticked. The browser suite keeps the way there and the save
 * (application-dialogs.spec.ts, HMDA).
 */
const APPLICATION_ID = 10_001;
const applicants: HmdaApplicant[] = [
  { applicantId: 1, name: 'Robin Hmdason', role: 'PRIMARY', record: null },
  { applicantId: 2, name: 'Sam Hmdason', role: 'CO_APPLICANT', record: null },
];

const worksheet: WorksheetContextValue = {
  applicationId: APPLICATION_ID,
  info: undefined,
  canEdit: true,
  readOnlyReason: null,
  refreshInfo: () => {},
  startEditing: () => Promise.resolve(true),
};

const checked = (box: HTMLElement) => (box as HTMLInputElement).checked;

const open = () => {
  // The dialog reads its applicants again when it opens: the server answers what the cache already holds.
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json(applicants)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(dialogKeys.hmda(APPLICATION_ID), applicants);
  // A data router: the dialog asks before leaving with unsaved changes (useBlocker).
  const element = (
    <WorksheetContext.Provider value={worksheet}>
      <HmdaDialog onClose={() => {}} />
    </WorksheetContext.Provider>
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'HMDA' });
  const group = (testId: 'hmda-race' | 'hmda-ethnicity') => {
    const inGroup = () => within(within(dialog).getByTestId(testId));
    const box = (name: string) => inGroup().getByRole('checkbox', { name });
    return {
      box,
      click: (name: string) => fireEvent.click(box(name)),
      tickedCount: () => inGroup().getAllByRole('checkbox').filter(checked).length,
    };
  };
  return { dialog, race: group('hmda-race'), ethnicity: group('hmda-ethnicity') };
};

describe('HMDA dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens one tab per applicant, on the first, with nothing ticked', () => {
    const { dialog, race } = open();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([expect.stringContaining('Robin Hmdason'), expect.stringContaining('Sam Hmdason')]);
    expect(race.tickedCount()).toBe(0);
  });

  it("keeps the race's 'Not Provided' alone: ticking it clears the others, ticking another clears it", () => {
    const { race } = open();
    race.click('White');
    race.click('Asian');
    expect(checked(race.box('White'))).toBe(true);
    race.click('Not Provided');
    expect(checked(race.box('Not Provided'))).toBe(true);
    expect(checked(race.box('White'))).toBe(false);
    expect(checked(race.box('Asian'))).toBe(false);
    race.click('Asian');
    expect(checked(race.box('Asian'))).toBe(true);
    expect(checked(race.box('Not Provided'))).toBe(false);
  });

  it("keeps the ethnicity's 'Not Provided' alone the same way; 'Not Applicable' goes with others", () => {
    const { ethnicity } = open();
    ethnicity.click('Not Hispanic or Latino');
    ethnicity.click('Not Applicable');
    expect(checked(ethnicity.box('Not Hispanic or Latino'))).toBe(true);
    ethnicity.click('Not Provided');
    expect(checked(ethnicity.box('Not Provided'))).toBe(true);
    expect(checked(ethnicity.box('Not Hispanic or Latino'))).toBe(false);
    expect(checked(ethnicity.box('Not Applicable'))).toBe(false);
  });

  it("shows an 'Other …' choice's free text only while it is ticked", () => {
    const { dialog, ethnicity } = open();
    expect(within(dialog).queryByRole('textbox', { name: 'Other Hispanic or Latino origin' })).toBeNull();
    ethnicity.click('Other Hispanic or Latino');
    expect(within(dialog).getByRole('textbox', { name: 'Other Hispanic or Latino origin' })).toBeTruthy();
    ethnicity.click('Other Hispanic or Latino');
    expect(within(dialog).queryByRole('textbox', { name: 'Other Hispanic or Latino origin' })).toBeNull();
  });
});
