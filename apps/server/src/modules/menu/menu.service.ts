import type { MenuItem, MenuResponse, Right } from '@credence/contracts';
import { adminAreas, sideMenuQueues } from '@credence/contracts';

const QUEUE_ICONS: Record<string, string> = {
  'My Queue': 'Inbox',
  'Shared With Me': 'Share',
  Credit: 'CreditScore',
  'Pending Decision': 'HourglassTop',
  Decision: 'Gavel',
  Requirements: 'Checklist',
  Funding: 'Payments',
};

const item = (
  menuName: string,
  url: string | null,
  iconName: string | null,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  menuName,
  iconName,
  url,
  queryParams: null,
  tooltip: null,
  itemsCount: null,
  childMenuItems: [],
  externalLink: false,
  ...extra,
});

/**
 * The side menu for a role. Queue counts are null (shown as 0) until queues are counted; saved filters fill
 * 'My Filters' and 'Shared Filters' once they exist. Administration lists only the areas the rights open.
 */
export const buildMenu = (rights: ReadonlySet<Right>): MenuResponse => {
  const administration = adminAreas
    .filter((area) => rights.has(area.right))
    .map((area) => item(area.title, `/admin/${area.key}`, null));
  const main: MenuItem[] = [
    ...sideMenuQueues.map((q) => item(q.name, q.url, QUEUE_ICONS[q.name] ?? 'Inbox')),
    item('My Filters', null, 'FilterList'),
    item('Shared Filters', null, 'Public'),
    item('Payment Calculator', '/tools/paymentCalculator', 'Calculate'),
  ];
  if (administration.length > 0) main.push(item('Administration', '/admin', 'AdminPanelSettings'));
  return { main, administration };
};
