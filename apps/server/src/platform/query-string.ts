import { parse } from 'node:querystring';

const INDEXED_KEY = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d{1,4})\]$/;

/**
 * The query string as Node reads it, with indexed keys folded into arrays in index order: the spec writes lists
 * as `ids[0]=..&ids[1]=..` (spec 1 §7 `applications/states`). `ids=1&ids=2` stays an array as before; a key given
 * both ways keeps its plain values first. Nothing else changes: other keys keep their values.
 */
export const parseQueryString = (text: string): Record<string, string | string[]> => {
  const plain = parse(text) as Record<string, string | string[]>;
  const indexed = new Map<string, [number, string][]>();
  for (const [key, value] of Object.entries(plain)) {
    const match = INDEXED_KEY.exec(key);
    if (!match) continue;
    delete plain[key];
    const [, name, index] = match as unknown as [string, string, string];
    const values = Array.isArray(value) ? value : [value];
    const list = indexed.get(name) ?? [];
    for (const v of values) list.push([Number(index), v]);
    indexed.set(name, list);
  }
  for (const [name, list] of indexed) {
    const before = plain[name];
    const head = before === undefined ? [] : Array.isArray(before) ? before : [before];
    plain[name] = [...head, ...list.sort((a, b) => a[0] - b[0]).map(([, v]) => v)];
  }
  return plain;
};
