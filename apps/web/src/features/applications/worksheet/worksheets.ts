import { isWorksheetBuilt, type WorksheetPath } from '@credence/domain';

/** The seven worksheets of an application (spec 3 §2), in the order of their tabs. */
export const worksheets = [
  { path: 'application', tab: 'Application', title: 'Application Worksheet' },
  { path: 'credit', tab: 'Credit', title: 'Credit Worksheet' },
  { path: 'decision', tab: 'Decision', title: 'Decision Worksheet' },
  { path: 'fundingRequirements', tab: 'Requirements', title: 'Funding Requirements Worksheet' },
  { path: 'fund', tab: 'Funding', title: 'Funding Worksheet' },
  { path: 'sales', tab: 'Sales', title: 'Sales Worksheet' },
  { path: 'closingSummary', tab: 'Closing Summary', title: 'Closing Summary' },
] as const satisfies readonly { path: WorksheetPath; tab: string; title: string }[];

export type Worksheet = (typeof worksheets)[number];

/**
 * Whether a worksheet is built (the one declared list is `builtWorksheets` in the domain package). The closing
 * summary (issue 15) is built too; no application state routes to it, so the domain's list is left as it is.
 */
export const isBuilt = (worksheet: Worksheet): boolean =>
  worksheet.path === 'closingSummary' || isWorksheetBuilt(worksheet.path);

/** The worksheet a path belongs to ('/credit/12' -> Credit). */
export const worksheetOfPath = (pathname: string): Worksheet =>
  worksheets.find((w) => pathname.split('/')[1]?.toLowerCase() === w.path.toLowerCase()) ?? worksheets[0];
