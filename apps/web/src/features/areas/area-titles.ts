import { sideMenuQueues } from '@credence/contracts';

/**
 * Routed areas that are not built yet (worksheets, queues, letters, …): each shows its title only.
 * Paths are relative to the root; `:id` is the application id.
 */
export const worksheetAreas = [
  { path: 'application', title: 'Application Worksheet' },
  { path: 'application/:id', title: 'Application Worksheet' },
  { path: 'credit/:id', title: 'Credit Worksheet' },
  { path: 'decision/:id', title: 'Decision Worksheet' },
  { path: 'fundingRequirements/:id', title: 'Funding Requirements Worksheet' },
  { path: 'fund/:id', title: 'Funding Worksheet' },
  { path: 'sales/:id', title: 'Sales Worksheet' },
  { path: 'closingSummary/:id', title: 'Closing Summary' },
] as const;

const queueTitle = (name: string): string =>
  name.endsWith('Queue') || name === 'Shared With Me' ? name : `${name} Queue`;

export const queueAreas = [
  ...sideMenuQueues.map((queue) => ({ path: queue.url.replace(/^\//, ''), title: queueTitle(queue.name) })),
  { path: 'allApplicationsQueue', title: 'All Applications' },
];

export const otherAreas = [
  { path: 'letters', title: 'Letters' },
  { path: 'fileExport', title: 'File Export' },
  { path: 'reports', title: 'Reports' },
] as const;
