import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';

export type MenuItem = {
  menuName: string;
  iconName: string | null;
  url: string | null;
  queryParams: Record<string, string> | null;
  tooltip: string | null;
  itemsCount: number | null;
  childMenuItems: MenuItem[];
  externalLink: boolean;
};

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    menuName: z.string(),
    iconName: z.string().nullable(),
    url: z.string().nullable(),
    queryParams: z.record(z.string(), z.string()).nullable(),
    tooltip: z.string().nullable(),
    itemsCount: z.number().int().nullable(),
    childMenuItems: z.array(menuItemSchema),
    externalLink: z.boolean(),
  }),
);

/** The menu-by-role answer: the work section (queues, filters) and the administration section. */
export const menuResponseSchema = z.object({
  main: z.array(menuItemSchema),
  administration: z.array(menuItemSchema),
});
export type MenuResponse = z.infer<typeof menuResponseSchema>;

/** The queue entries of the side menu, in order (spec 1 §2). */
export const sideMenuQueues = [
  { name: 'My Queue', url: '/myQueue' },
  { name: 'Shared With Me', url: '/sharedWithMeQueue' },
  { name: 'Credit', url: '/creditQueue' },
  { name: 'Pending Decision', url: '/pendingDecisionQueue' },
  { name: 'Decision', url: '/decisionQueue' },
  { name: 'Requirements', url: '/requirementsQueue' },
  { name: 'Funding', url: '/fundingQueue' },
] as const;

export const MENU_LABEL_MAX = 25;
export const MENU_LABEL_CUT = 22;

export const menuEndpoint = endpoint({
  method: 'GET',
  path: '/api/menu',
  access: 'signedIn',
  tag: 'shell',
  summary:
    "Side menu by role: built-in queues with counts, the caller's custom queues with counts, My Filters, Shared Filters, tools, Administration",
  response: menuResponseSchema,
});
