import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { AnyResource, Right, RowOf } from '@credence/contracts';
import type { FieldDecl } from '../../../components/form/form-fields.tsx';

/** A list column of an area: a row field, its header, and how to show it (text by default). */
export type AreaColumn<Row> = {
  field: keyof Row & string;
  /** The grid column's own id, when two columns show the same field (the field by default). */
  id?: string;
  header: string;
  /** Relative width (DataGrid flex); 1 by default. */
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  /** Plain text of the cell (for the grid's own text uses: copy, quick filter); defaults to String(value). */
  text?: (row: Row) => string;
};

/** The texts an area shows (the spec's where it has them; the kit's generic ones otherwise). */
export type AreaTexts = {
  created?: string;
  updated?: string;
  saveFailed?: string;
  enabled?: string;
  disabled?: string;
  enableFailed?: string;
  disableFailed?: string;
  deleted?: string;
  deleteFailed?: string;
  /** A create failed (saveFailed otherwise). */
  createFailed?: string;
  loadFailed?: string;
  /** The title of the save toasts (the area's title by default). */
  toastTitle?: string;
  /** A 403: shown as a toast, then the user is taken home (spec 2 §6 for status messages). */
  forbidden?: string;
};

export type EditorProps<Row> = { record: Row | null; onClose: () => void };

/** An administration area of the registry: a generic resource area, or a page of its own. */
export type AdminAreaEntry =
  | {
      /** The route under /admin (as `adminAreas` in contracts). */
      key: string;
      title: string;
      right: Right;
      kind: 'resource';
      resource: AnyResource;
      columns: AreaColumn<RowOf<AnyResource>>[];
      fields: readonly FieldDecl[];
      texts?: AreaTexts;
      /** Filters every list request of the area carries (one resource split into areas, e.g. matrices by type). */
      listFilters?: Record<string, string>;
      /** The editor of a record has a route of its own, /admin/<key>/edit/<id> (spec 2 §2 workflows). */
      editRoute?: boolean;
      /** The form, loaded when first opened (made once, when the registry is declared). */
      Editor: LazyExoticComponent<ComponentType<EditorProps<RowOf<AnyResource>>>>;
      /** Form values of a record (default: its fields; null → the fields' empty values). */
      toValues?: (row: RowOf<AnyResource> | null) => Record<string, unknown>;
      /** The request body of form values (default: the values). */
      toInput?: (values: Record<string, unknown>) => unknown;
    }
  | {
      key: string;
      title: string;
      right: Right;
      kind: 'page';
      Page: LazyExoticComponent<ComponentType>;
      /** The page answers a missing right itself (its calls' 403), instead of the generic forbidden notice. */
      ownForbidden?: boolean;
    };
