import { adminAreas, sideMenuQueues, type MenuItem, type MenuResponse, type UsefulLink } from '@credence/contracts';
import { truncateMenuLabel, withLinkScheme } from '@credence/domain';
import { adminAreaIconNames } from './menu-icons.ts';

/** One row of the side menu, ready to render. */
export type MenuEntry =
  | {
      kind: 'link';
      key: string;
      name: string;
      label: string;
      tooltip: string;
      iconName: string | null;
      href: string;
      count: number | null;
    }
  | {
      kind: 'external';
      key: string;
      name: string;
      label: string;
      tooltip: string;
      iconName: string | null;
      href: string;
    }
  | {
      kind: 'group';
      key: string;
      name: string;
      label: string;
      tooltip: string;
      iconName: string | null;
      children: MenuEntry[];
    }
  | {
      kind: 'enterAdmin';
      key: string;
      name: string;
      label: string;
      tooltip: string;
      iconName: string | null;
      href: string;
    }
  | {
      kind: 'exitAdmin';
      key: string;
      name: string;
      label: string;
      tooltip: string;
      iconName: string | null;
      href: string;
    };

export type MenuModel = { main: MenuEntry[]; administration: MenuEntry[] };

export type MenuInputs = {
  menu: MenuResponse | undefined;
  usefulLinks: UsefulLink[] | undefined;
  rights: readonly string[] | undefined;
  lenderId: number | undefined;
};

export const ADMINISTRATION = 'Administration';
export const EXIT_ADMINISTRATION = 'Exit Administration';
export const USEFUL_LINKS = 'Useful Links';
export const ADMIN_HOME = '/admin';
export const MY_FILTERS = 'My Filters';
export const SHARED_FILTERS = 'Shared Filters';
export const MANAGE_FILTERS = 'Manage Filters';
/** The page of the caller's filters and queues (features/search-filters). */
export const FILTERS_PAGE = '/filters';

const groupNames = new Set([MY_FILTERS, SHARED_FILTERS]);
const queueUrls = new Set<string>(sideMenuQueues.map((queue) => queue.url));
const adminRightsByUrl = new Map<string, string>(adminAreas.map((area) => [`/admin/${area.key}`, area.right]));
const adminRights = new Set<string>(adminAreas.map((area) => area.right));

/** The label (cut to 22 + '...' over 25 characters) and the tooltip: the full name when it was cut. */
const labelled = (name: string, tooltip?: string | null) => {
  const label = truncateMenuLabel(name);
  return { name, label, tooltip: label !== name ? name : (tooltip ?? '') };
};

export const menuHref = (item: Pick<MenuItem, 'url' | 'queryParams'>): string => {
  const url = item.url ?? '/home';
  const params = new URLSearchParams(item.queryParams ?? {}).toString();
  return params ? `${url}${url.includes('?') ? '&' : '?'}${params}` : url;
};

const manageFiltersEntry = (groupKey: string): MenuEntry => ({
  kind: 'link',
  key: `${groupKey}-manage`,
  iconName: 'Tune',
  href: FILTERS_PAGE,
  count: null,
  ...labelled(MANAGE_FILTERS),
});

const toEntry = (item: MenuItem, keyPrefix: string, index: number): MenuEntry => {
  const key = `${keyPrefix}-${index}-${item.menuName}`;
  const base = { key, iconName: item.iconName, ...labelled(item.menuName, item.tooltip) };
  if (item.childMenuItems.length > 0 || groupNames.has(item.menuName)) {
    const children = item.childMenuItems.map((child, i) => toEntry(child, key, i));
    // My Filters ends with the way to manage them (added here: the menu answer lists only the filters).
    if (keyPrefix === 'main' && item.menuName === MY_FILTERS) children.push(manageFiltersEntry(key));
    return { ...base, kind: 'group', children };
  }
  if (item.externalLink) return { ...base, kind: 'external', href: withLinkScheme(item.url ?? '') };
  const isQueue = item.itemsCount !== null || (item.url !== null && queueUrls.has(item.url));
  return { ...base, kind: 'link', href: menuHref(item), count: isQueue ? (item.itemsCount ?? 0) : null };
};

/** The side menu by role (spec 1 §2): work section, administration section and useful links. */
export const buildMenuModel = ({ menu, usefulLinks, rights }: MenuInputs): MenuModel => {
  const granted = new Set(rights ?? []);
  const isAdmin = [...granted].some((right) => adminRights.has(right));

  const main: MenuEntry[] = [];
  (menu?.main ?? []).forEach((item, index) => {
    if (item.menuName === ADMINISTRATION) {
      if (!isAdmin) return;
      main.push({
        kind: 'enterAdmin',
        key: 'enter-admin',
        iconName: item.iconName ?? 'AdminPanelSettings',
        href: item.url ?? ADMIN_HOME,
        ...labelled(item.menuName, item.tooltip),
      });
      return;
    }
    main.push(toEntry(item, 'main', index));
  });

  if (usefulLinks && usefulLinks.length > 0) {
    main.push({
      kind: 'group',
      key: 'useful-links',
      iconName: 'Link',
      ...labelled(USEFUL_LINKS),
      children: usefulLinks.map((link, index) => ({
        kind: 'external',
        key: `useful-link-${index}-${link.name}`,
        iconName: 'Public',
        href: withLinkScheme(link.link),
        ...labelled(link.name),
      })),
    });
  }

  const administration: MenuEntry[] = [
    { kind: 'exitAdmin', key: 'exit-admin', iconName: 'ExitToApp', href: '/home', ...labelled(EXIT_ADMINISTRATION) },
    ...(menu?.administration ?? [])
      .filter((item) => {
        const right = item.url ? adminRightsByUrl.get(item.url) : undefined;
        return right === undefined || granted.has(right);
      })
      .map((item, index) =>
        toEntry(
          {
            ...item,
            iconName: item.iconName ?? adminAreaIconNames[(item.url ?? '').replace(/^\/admin\//, '')] ?? 'Settings',
          },
          'admin',
          index,
        ),
      ),
  ];

  return { main, administration };
};

export const isAdminPath = (pathname: string): boolean =>
  pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);

/** Whether a menu link points at the current location (path, and the query parameters it names). */
export const isActiveHref = (href: string, pathname: string, search: string): boolean => {
  const url = new URL(href, 'http://menu.local');
  if (url.pathname !== pathname) return false;
  const current = new URLSearchParams(search);
  for (const [key, value] of url.searchParams) if (current.get(key) !== value) return false;
  // A plain link (no query) is not active on a filtered view of the same path.
  if ([...url.searchParams.keys()].length === 0 && (current.has('filterId') || current.has('search'))) return false;
  return true;
};
