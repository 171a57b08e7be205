import { sideMenuQueues } from '@credence/contracts';

/**
 * Routed areas that are not built yet (queues, letters, …): each shows its title only.
 * Paths are relative to the root; `:id` is the application id.
 */
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
