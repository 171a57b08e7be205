import { z } from 'zod';
import type { QueueColumn } from '@credence/contracts';

/** The per-user setting of the queue grids (one for every queue), saved as text by `PUT /api/user/gridSettings/queueGrid`. */
export const QUEUE_GRID_SETTING_NAME = 'queueGrid';
/** Column changes are saved once the user stops changing them for this long. */
export const GRID_SETTING_SAVE_DELAY_MS = 800;

export const queueDensities = ['compact', 'standard', 'comfortable'] as const;
export type QueueDensity = (typeof queueDensities)[number];

export type QueueGridSetting = {
  /** field → visible; fields left out take the column's default (hiddenByDefault). */
  columnVisibility: Record<string, boolean>;
  /** field → width in px. */
  widths: Record<string, number>;
  density: QueueDensity;
};

const settingSchema = z.object({
  columnVisibility: z.record(z.string().max(64), z.boolean()).catch({}),
  widths: z.record(z.string().max(64), z.number().int().min(20).max(2000)).catch({}),
  // Compact rows by default (issue 17 item 8: 52 px rows showed 11 rows at 900 px); the user's choice is kept.
  density: z.enum(queueDensities).catch('compact'),
});

export const defaultGridSetting: QueueGridSetting = { columnVisibility: {}, widths: {}, density: 'compact' };

/** The saved text as a setting; anything unreadable is the default (the grid must still open). */
export const parseGridSetting = (text: string | null | undefined): QueueGridSetting => {
  if (!text) return defaultGridSetting;
  try {
    const parsed = settingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultGridSetting;
  } catch {
    return defaultGridSetting;
  }
};

export const serializeGridSetting = (setting: QueueGridSetting): string => JSON.stringify(setting);

/** The DataGrid's column visibility model: every column named, saved choice first, else its default. */
export const visibilityModelOf = (
  columns: readonly QueueColumn[],
  saved: Record<string, boolean>,
): Record<string, boolean> => Object.fromEntries(columns.map((c) => [c.field, saved[c.field] ?? !c.hiddenByDefault]));

/** A saved filter's own columns (visible ones) as a visibility model. */
export const visibilityModelFromFields = (
  columns: readonly QueueColumn[],
  visible: readonly string[],
): Record<string, boolean> => Object.fromEntries(columns.map((c) => [c.field, visible.includes(c.field)]));

/** The visible columns in catalogue order (the export and saved criteria send them). */
export const visibleFields = (columns: readonly QueueColumn[], model: Record<string, boolean>): string[] =>
  columns.filter((c) => model[c.field] ?? !c.hiddenByDefault).map((c) => c.field);
