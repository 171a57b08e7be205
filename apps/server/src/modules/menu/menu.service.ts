import type { MenuItem, MenuResponse, Right } from '@credence/contracts';
import { adminAreas, savedQueueCriteriaSchema, sideMenuQueues } from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { protectedPurposes } from '../../platform/crypto.ts';
import type { ApplicationDeps } from '../applications/application-context.ts';
import {
  countBuiltInQueues,
  countSavedQueue,
  type BuiltInQueueCounts,
} from '../application-queues/application-queues.service.ts';
import { listForMenu } from '../search-filters/search-filters.repository.ts';

const QUEUE_ICONS: Record<string, string> = {
  'My Queue': 'Inbox',
  'Shared With Me': 'Share',
  Credit: 'CreditScore',
  'Pending Decision': 'HourglassTop',
  Decision: 'Gavel',
  Requirements: 'Checklist',
  Funding: 'Payments',
};

/** Saved filters and custom queues open All Applications with their id. */
export const SAVED_FILTER_URL = '/allApplicationsQueue';
export const CUSTOM_QUEUE_ICON = 'ViewList';

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

/** The administration section: only the areas the rights open. */
const administrationOf = (rights: ReadonlySet<Right>) =>
  adminAreas.filter((area) => rights.has(area.right)).map((area) => item(area.title, `/admin/${area.key}`, null));

/**
 * The side menu (spec 1 §2): the built-in queues with their counts, then the caller's enabled custom queues
 * shown on the side menu (own or published to them) with their counts, 'My Filters' (own enabled filters
 * shown on the side menu) and 'Shared Filters' (enabled ones published to the caller's enabled groups), then
 * Payment Calculator, Letters, Reports (with canViewReports) and, with an admin right, Administration. One
 * transaction: one query for the filters, the built-in counts from the counter table, one capped count per custom
 * queue.
 */
export const buildMenu = (deps: ApplicationDeps, auth: AuthContext): Promise<MenuResponse> =>
  withTenant(deps.db, auth.lenderId, async (tx) => {
    const who = { lenderId: auth.lenderId, userId: auth.userId };
    const hashSsn = (digits: string) => deps.protector.hash(digits, protectedPurposes.ssn);
    const counts = await countBuiltInQueues(tx, who);
    const saved = await listForMenu(tx, who);

    const customQueues: MenuItem[] = [];
    const myFilters: MenuItem[] = [];
    const sharedFilters: MenuItem[] = [];
    for (const row of saved) {
      const queryParams = { filterId: String(row.id) };
      if (row.type === 'queue') {
        const criteria = parseCriteria(row.filter);
        const itemsCount = criteria ? await countSavedQueue(tx, who, criteria, hashSsn) : null;
        customQueues.push(item(row.name, SAVED_FILTER_URL, CUSTOM_QUEUE_ICON, { queryParams, itemsCount }));
      } else {
        (row.isMine ? myFilters : sharedFilters).push(item(row.name, SAVED_FILTER_URL, null, { queryParams }));
      }
    }

    const administration = administrationOf(auth.rights);
    const main: MenuItem[] = [
      ...sideMenuQueues.map((q) =>
        item(q.name, q.url, QUEUE_ICONS[q.name] ?? 'Inbox', {
          itemsCount: counts[q.url.slice(1) as keyof BuiltInQueueCounts] ?? 0,
        }),
      ),
      ...customQueues,
      item('My Filters', null, 'FilterList', { childMenuItems: myFilters }),
      item('Shared Filters', null, 'Public', { childMenuItems: sharedFilters }),
      item('Payment Calculator', '/tools/paymentCalculator', 'Calculate'),
      // The Letters area: every signed-in user reads the templates; canManageLetters edits them.
      item('Letters', '/letters', 'Description'),
    ];
    // The Reports area (issue 33): with canViewReports only.
    if (auth.rights.has('canViewReports')) main.push(item('Reports', '/reports', 'Assessment'));
    // The File Export area (issue 33): with canExportFiles only.
    if (auth.rights.has('canExportFiles')) main.push(item('File Export', '/fileExport', 'Folder'));
    if (administration.length > 0) main.push(item('Administration', '/admin', 'AdminPanelSettings'));
    return { main, administration };
  });

/** The stored criteria were checked when saved; a row that no longer parses is listed without a count. */
const parseCriteria = (text: string) => {
  try {
    const parsed = savedQueueCriteriaSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
