import { lazy, type ComponentType } from 'react';
import type { AnyResource, Right, RowOf } from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';
import type { AdminAreaEntry, AreaColumn, AreaTexts, EditorProps } from './types.ts';

/** Declares an area with a page of its own (loaded when first opened). */
export const pageArea = (entry: {
  key: string;
  title: string;
  right: Right;
  page: () => Promise<ComponentType>;
  /** The page answers a missing right itself: its calls' 403 (spec 2 §6, consumer web: a toast, then home). */
  ownForbidden?: boolean;
}): AdminAreaEntry => ({
  key: entry.key,
  title: entry.title,
  right: entry.right,
  kind: 'page',
  Page: lazy(async () => ({ default: await entry.page() })),
  ...(entry.ownForbidden ? { ownForbidden: true } : {}),
});

/** Declares a resource area with its row type kept (the registry stores it widened). */
export const resourceArea = <R extends AnyResource>(entry: {
  key: string;
  resource: R;
  /** The area's title when it is not the resource's (one resource split into areas). */
  title?: string;
  /** Filters every list request of the area carries (`matrixType: 'Rate'`). */
  listFilters?: Record<string, string>;
  /** The editor of a record opens at /admin/<key>/edit/<id>. */
  editRoute?: boolean;
  columns: AreaColumn<RowOf<R>>[];
  fields: readonly FieldDecl[];
  texts?: AreaTexts;
  editor?: () => Promise<ComponentType<EditorProps<RowOf<R>>>>;
  toValues?: (row: RowOf<R> | null) => Record<string, unknown>;
  toInput?: (values: Record<string, unknown>) => unknown;
}): AdminAreaEntry => {
  const area = {
    ...entry,
    kind: 'resource',
    title: entry.title ?? entry.resource.title,
    right: entry.resource.right,
  } as unknown as Extract<AdminAreaEntry, { kind: 'resource' }>;
  area.Editor = lazy(async () => ({
    default: entry.editor
      ? ((await entry.editor()) as unknown as ComponentType<EditorProps<RowOf<AnyResource>>>)
      : (await import('./resource-form.tsx')).resourceForm(area),
  }));
  return area;
};
