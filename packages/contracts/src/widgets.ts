import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { moneySchema } from './money.ts';
import { dateSchema } from './primitives.ts';

/**
 * The home dashboard's widgets (spec 1 §2 Home, §3 Widget, §4, §8; issue 32 items 1–4). A user adds a widget by
 * name; its settings choose the period; its numbers are a snapshot computed by a background job (on save, on a
 * schedule, when a loan is funded or reversed) and read as stored — never a live aggregate on page load.
 *
 * The period is in the lender's time zone: "This Month" is from the first of the month at 00:00 there to the first
 * of the next; a custom period runs from the start date's 00:00 to the end date's 23:59:59.999 (spec 1 §5).
 */
export const widgetNames = ['fundingTable', 'addonSales', 'pipeline', 'turnTimes'] as const;
export const widgetNameSchema = z.enum(widgetNames);
export type WidgetName = z.infer<typeof widgetNameSchema>;

/** The 'Add Widget' options, in the order shown. */
export const widgetOptions: readonly { name: WidgetName; text: string }[] = [
  { name: 'fundingTable', text: 'Funding Table' },
  { name: 'addonSales', text: 'Add On Sales' },
  { name: 'pipeline', text: 'Pipeline' },
  { name: 'turnTimes', text: 'Turn Times' },
];
/** Widgets whose numbers are now, not a period's: no frequency control. */
export const widgetsWithoutPeriod: readonly WidgetName[] = ['pipeline'];

/** The frequency dropdown (spec 1 §9: default 'This Month', value thisMonth; custom value custom). */
export const widgetFrequencies = [
  { text: 'This Month', value: 'thisMonth' },
  { text: 'Last Month', value: 'lastMonth' },
  { text: 'This Quarter', value: 'thisQuarter' },
  { text: 'This Year', value: 'thisYear' },
  { text: 'Last Year', value: 'lastYear' },
  { text: 'Custom', value: 'custom' },
] as const;
export type WidgetFrequencyValue = (typeof widgetFrequencies)[number]['value'];
const frequencyValues = widgetFrequencies.map((f) => f.value) as [WidgetFrequencyValue, ...WidgetFrequencyValue[]];
export const widgetFrequencyText = (value: WidgetFrequencyValue) =>
  widgetFrequencies.find((f) => f.value === value)!.text;

/** The longest custom period, in days (about ten years): a snapshot reads at most that much. */
export const WIDGET_CUSTOM_MAX_DAYS = 3660;

export const widgetMessages = {
  /** Spec 1 §2. */
  addWidget: 'Add Widget',
  fundingTitle: 'Loans Funded',
  lastUpdated: 'Last Updated',
  noSnapshot: 'No saved data available. Please update selections above to refresh data.',
  noLoansFunded: 'No loans funded in selected time period',
  addonSold: 'Add On(s) Sold',
  noAddonsSold: 'No add ons sold within selected time period',
  noPreferences: 'Please select filtering preferences above',
  addonSettingsTitle: 'Add On Sales Settings',
  selectAddons: 'Select addons to track...',
  /** Spec 1 §8. */
  preferencesUpdated: 'Preferences Updated',
  retrieveFailed: (what: 'Widgets' | 'Add On Sales') => `An error occurred retrieving ${what} from the api.`,
  /** Spec 1 §5 ("a selection is required"); the text is not shown there. */
  selectionRequired: 'Select at least one add-on to track.',
  /** Not in the spec: the custom period's bounds. */
  customDatesRequired: 'Choose a start and an end date.',
  customDatesOrder: 'The start date must be on or before the end date.',
  customTooLong: `The period may be at most ${WIDGET_CUSTOM_MAX_DAYS} days.`,
  unknownAddon: 'This add-on is not in the catalogue.',
  /** Beyond the spec (issue 32, item 5): the manager's morning view. */
  pipelineTitle: 'Pipeline',
  pipelineEmpty: 'No open applications',
  turnTimesTitle: 'Turn Times',
  turnTimesEmpty: 'No decisions or fundings in selected time period',
  /** Shown while the job computes the first snapshot of new settings. */
  refreshing: 'Updating…',
} as const;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const widgetFrequencySchema = z.object({
  /** Derived from the value when saved ('This Month'); any text sent is replaced. */
  text: z.string().max(40).optional(),
  value: z.enum(frequencyValues),
});

export const widgetSettingsSchema = z
  .object({
    frequency: widgetFrequencySchema,
    /** Only with the custom frequency (then both are required); cleared otherwise. */
    startDate: dateSchema.nullish(),
    endDate: dateSchema.nullish(),
  })
  .superRefine((s, ctx) => {
    if (s.frequency.value !== 'custom') return;
    if (!s.startDate || !s.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: [s.startDate ? 'endDate' : 'startDate'],
        message: widgetMessages.customDatesRequired,
      });
    } else if (s.startDate > s.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: widgetMessages.customDatesOrder });
    } else if (daysBetween(s.startDate, s.endDate) > WIDGET_CUSTOM_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: widgetMessages.customTooLong });
    }
  })
  .transform((s) => ({
    frequency: { text: widgetFrequencyText(s.frequency.value), value: s.frequency.value },
    startDate: s.frequency.value === 'custom' ? (s.startDate ?? null) : null,
    endDate: s.frequency.value === 'custom' ? (s.endDate ?? null) : null,
  }));
export type WidgetSettings = z.output<typeof widgetSettingsSchema>;
export type WidgetSettingsInput = z.input<typeof widgetSettingsSchema>;

/** A new widget's settings (spec 1 §2: 'This Month', no dates). */
export const defaultWidgetSettings: WidgetSettings = {
  frequency: { text: 'This Month', value: 'thisMonth' },
  startDate: null,
  endDate: null,
};

/** One line of a snapshot's table: a product's or an add-on's count and amount. */
export const widgetLineSchema = z.object({ name: z.string(), count: z.number().int(), sum: moneySchema });
export type WidgetLine = z.infer<typeof widgetLineSchema>;

/** Spec 1 §3 "Funding snapshot": the total funded and a line per loan product (by name). */
export const fundingSnapshotSchema = z.object({ sum: moneySchema, loanProducts: z.array(widgetLineSchema) });
export type FundingSnapshot = z.infer<typeof fundingSnapshotSchema>;

/** Spec 1 §3 "Add-on snapshot": how many add-ons were sold (total), for how much (sum), a line per tracked add-on. */
export const addonSnapshotSchema = z.object({
  total: z.number().int(),
  sum: moneySchema,
  addonSales: z.array(widgetLineSchema),
});
export type AddonSnapshot = z.infer<typeof addonSnapshotSchema>;

/**
 * Pipeline (issue 32, item 5): the open applications now, per work queue and state, by age since the application
 * was created, in whole days in the lender's zone (today, 1–3 days, 4–7 days, older).
 */
export const pipelineBuckets = [
  { key: 'today', text: 'Today' },
  { key: 'days1to3', text: '1–3 days' },
  { key: 'days4to7', text: '4–7 days' },
  { key: 'older', text: 'Older' },
] as const;
export const pipelineQueues = [
  'creditQueue',
  'decisionQueue',
  'pendingDecisionQueue',
  'requirementsQueue',
  'fundingQueue',
] as const;
export const pipelineRowSchema = z.object({
  /** The queue a number opens (its page is /{queue}). */
  queue: z.enum(pipelineQueues),
  state: z.string(),
  /** One count per bucket of `pipelineBuckets`, in order. */
  counts: z.array(z.number().int()).length(pipelineBuckets.length),
  total: z.number().int(),
});
export type PipelineRow = z.infer<typeof pipelineRowSchema>;
export const pipelineSnapshotSchema = z.object({ total: z.number().int(), rows: z.array(pipelineRowSchema) });
export type PipelineSnapshot = z.infer<typeof pipelineSnapshotSchema>;

/**
 * Turn times (issue 32, item 5) of a period, per loan product and for all: hours from submission (the
 * application's creation) to its first decision, for first decisions made in the period; hours from the approval
 * the loan funds to its funding, for loans funded in the period; and the pull-through of the applications first
 * approved (or counter-offered) in the period: how many of them are funded now, in percent with two decimals.
 * Hours have one decimal; null when there is nothing to measure.
 */
export const turnTimeLineSchema = z.object({
  name: z.string(),
  decided: z.number().int(),
  decisionMedianHours: z.number().nullable(),
  decisionP90Hours: z.number().nullable(),
  funded: z.number().int(),
  fundingMedianHours: z.number().nullable(),
  fundingP90Hours: z.number().nullable(),
  approved: z.number().int(),
  approvedFunded: z.number().int(),
  pullThrough: z.string().nullable(),
});
export type TurnTimeLine = z.infer<typeof turnTimeLineSchema>;
export const turnTimesSnapshotSchema = z.object({
  overall: turnTimeLineSchema,
  loanProducts: z.array(turnTimeLineSchema),
});
export type TurnTimesSnapshot = z.infer<typeof turnTimesSnapshotSchema>;
export const TURN_TIMES_OVERALL = 'All products';

const widgetBase = {
  id: z.number().int(),
  settings: z.object({
    frequency: z.object({ text: z.string(), value: z.enum(frequencyValues) }),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
  /** When the snapshot was computed (ISO, UTC); null before the first one. */
  snapshotAsOfUtcTime: z.string().nullable(),
  /** The period the snapshot covers, as dates in the lender's zone (the end included); null before the first. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** A newer snapshot is asked for (new settings, a funding) and the job has not made it yet. */
  refreshing: z.boolean(),
};

/** Spec 1 §3 Widget, the snapshot as an object (the spec's JSON text is the storage, not the wire). */
export const widgetSchema = z.discriminatedUnion('name', [
  z.object({ ...widgetBase, name: z.literal('fundingTable'), latestSnapshot: fundingSnapshotSchema.nullable() }),
  z.object({ ...widgetBase, name: z.literal('addonSales'), latestSnapshot: addonSnapshotSchema.nullable() }),
  z.object({ ...widgetBase, name: z.literal('pipeline'), latestSnapshot: pipelineSnapshotSchema.nullable() }),
  z.object({ ...widgetBase, name: z.literal('turnTimes'), latestSnapshot: turnTimesSnapshotSchema.nullable() }),
]);
export type Widget = z.infer<typeof widgetSchema>;

/** Spec 1 §3 "Add-on preferences": the tracked add-on ids, and the catalogue to choose from. */
export const addonPreferencesSchema = z.object({
  additionIds: z.array(z.number().int()),
  additions: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
});
export type AddonPreferences = z.infer<typeof addonPreferencesSchema>;

export const addonPreferencesUpdateSchema = z.object({
  additionIds: z.array(z.number().int().positive()).min(1, widgetMessages.selectionRequired).max(200),
});

const widgetParams = z.object({ name: widgetNameSchema });
const dashboard = { right: 'canViewDashboard' } as const;

export const widgetEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/widgets',
    access: dashboard,
    tag: 'user',
    summary: "My dashboard's widgets with their settings and latest snapshots (as stored: no live aggregate)",
    response: z.array(widgetSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/user/widgets/:name',
    access: dashboard,
    tag: 'user',
    summary: 'One of my widgets by name (fundingTable, addonSales, pipeline, turnTimes); 404 when I have not added it',
    params: widgetParams,
    response: widgetSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/user/widgets/:name',
    access: dashboard,
    tag: 'user',
    summary: 'Add or update my widget (its period); a new snapshot is computed by the job (the answer says refreshing)',
    params: widgetParams,
    body: widgetSettingsSchema,
    response: widgetSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/user/widgets/:name',
    access: dashboard,
    tag: 'user',
    summary: 'Remove my widget (no error when it is not there)',
    params: widgetParams,
    response: z.null().optional(),
    status: 204,
  }),
  getAddonPreferences: endpoint({
    method: 'GET',
    path: '/api/user/addonSalesPreferences',
    access: dashboard,
    tag: 'user',
    summary: "The add-ons my Add On Sales widget tracks, and the lender's add-ons to choose from",
    response: addonPreferencesSchema,
  }),
  saveAddonPreferences: endpoint({
    method: 'PUT',
    path: '/api/user/addonSalesPreferences',
    access: dashboard,
    tag: 'user',
    summary: 'Choose the add-ons to track (at least one); also saves the Add On Sales widget and asks for its snapshot',
    body: addonPreferencesUpdateSchema,
    response: addonPreferencesSchema,
  }),
};
