import type { HistoryChange } from '@credence/contracts';

/** One changed property: a dotted path into the entity ("addresses[0].city") and its old and new text. */
export type PropertyChange = { property: string; oldValue: string | null; newValue: string | null };

const flatten = (value: unknown, path: string, out: Map<string, string | null>) => {
  if (value === null || value === undefined) {
    if (path) out.set(path, null);
  } else if (value instanceof Date) {
    out.set(path, value.toISOString());
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${path}[${i}]`, out));
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, out);
  } else {
    out.set(path, String(value));
  }
};

/**
 * The properties that differ between two versions of a record (nested objects and lists included), as text:
 * a generic before/after diff for the history. `ignore` names top-level properties left out (ids, keys).
 * Values must already be safe to keep (masked SSNs, never ciphertext).
 */
export const diffValues = (
  before: object | null | undefined,
  after: object | null | undefined,
  options: { ignore?: readonly string[] } = {},
): PropertyChange[] => {
  const ignore = new Set(options.ignore ?? []);
  const strip = (v: object | null | undefined) =>
    v ? Object.fromEntries(Object.entries(v).filter(([key]) => !ignore.has(key))) : undefined;
  const oldValues = new Map<string, string | null>();
  const newValues = new Map<string, string | null>();
  flatten(strip(before), '', oldValues);
  flatten(strip(after), '', newValues);
  const changes: PropertyChange[] = [];
  for (const property of new Set([...newValues.keys(), ...oldValues.keys()])) {
    const oldValue = oldValues.get(property) ?? null;
    const newValue = newValues.get(property) ?? null;
    if (oldValue !== newValue) changes.push({ property, oldValue, newValue });
  }
  return changes;
};

/**
 * The changes between two lists of entities matched by id: an added entity lists its values (old null), a
 * removed one its old values (new null), a changed one the properties that differ.
 */
export const diffEntities = <T extends { id: number }>(
  entity: string,
  before: readonly T[],
  after: readonly T[],
  options: { ignore?: readonly string[] } = {},
): HistoryChange[] => {
  const ignore = ['id', ...(options.ignore ?? [])];
  const beforeById = new Map(before.map((e) => [e.id, e]));
  const afterIds = new Set(after.map((e) => e.id));
  const changes: HistoryChange[] = [];
  for (const item of after) {
    for (const c of diffValues(beforeById.get(item.id), item, { ignore }))
      changes.push({ entity, entityId: item.id, ...c });
  }
  for (const item of before) {
    if (afterIds.has(item.id)) continue;
    for (const c of diffValues(item, undefined, { ignore })) changes.push({ entity, entityId: item.id, ...c });
  }
  return changes;
};

/** The changes of one entity (or none before / after). */
export const diffEntity = (
  entity: string,
  entityId: number | null,
  before: object | null | undefined,
  after: object | null | undefined,
  options: { ignore?: readonly string[] } = {},
): HistoryChange[] =>
  diffValues(before, after, { ignore: ['id', ...(options.ignore ?? [])] }).map((c) => ({ entity, entityId, ...c }));
