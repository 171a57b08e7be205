import type { SearchFilter, SearchFilterOrder } from '@credence/contracts';

/** The caller's own filters and queues in their sort order (ties by name, then id), and the shared ones. */
export const splitFilters = (filters: readonly SearchFilter[]): { mine: SearchFilter[]; shared: SearchFilter[] } => {
  const sorted = [...filters].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id - b.id);
  return { mine: sorted.filter((f) => f.isMine), shared: sorted.filter((f) => !f.isMine) };
};

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  const last = items.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  if (items.length === 0 || source === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(source, 1);
  next.splice(target, 0, moved as T);
  return next;
};

/** Moves the item with id `draggedId` to where the item with id `targetId` is. */
export const moveById = <T extends { id: number }>(items: readonly T[], draggedId: number, targetId: number): T[] => {
  const from = items.findIndex((i) => i.id === draggedId);
  const to = items.findIndex((i) => i.id === targetId);
  if (from < 0 || to < 0) return [...items];
  return moveItem(items, from, to);
};

/** The reorder body: every item with its position, 1-based. */
export const orderingOf = (items: readonly { id: number }[]): SearchFilterOrder => ({
  ordering: items.map((item, index) => ({ id: item.id, sortOrder: index + 1 })),
});

export const sameOrder = (a: readonly { id: number }[], b: readonly { id: number }[]): boolean =>
  a.length === b.length && a.every((item, i) => item.id === b[i]?.id);
