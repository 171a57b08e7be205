export const applicationStates = [
  'new',
  'reviewed',
  'declined',
  'cancelled',
  'pending',
  'approved',
  'counteroffer',
  'funded',
] as const;
export type ApplicationState = (typeof applicationStates)[number];

/** The seven worksheets of an application (spec 3 §2), by the first segment of their path, in tab order. */
export const worksheetPaths = [
  'application',
  'credit',
  'decision',
  'fundingRequirements',
  'fund',
  'sales',
  'closingSummary',
] as const;
export type WorksheetPath = (typeof worksheetPaths)[number];

/**
 * The worksheets built so far: the one declared list. A worksheet not in it shows a plain "not available yet"
 * page under its tab, and a click on an application never leads to it (it falls back to the Application
 * worksheet). Adding a worksheet here when it is built turns the state routing of spec 1 §2 back on for it.
 */
export const builtWorksheets: readonly WorksheetPath[] = [
  'application',
  'credit',
  'decision',
  'fundingRequirements',
  'fund',
];

export const isWorksheetBuilt = (path: WorksheetPath, built: readonly WorksheetPath[] = builtWorksheets): boolean =>
  built.includes(path);

/** The worksheet the spec sends an application to by its state (spec 1 §2), built or not. */
export const worksheetForState = (state: ApplicationState): WorksheetPath => {
  switch (state) {
    case 'new':
      return 'credit';
    case 'reviewed':
    case 'declined':
    case 'cancelled':
    case 'pending':
      return 'decision';
    case 'approved':
    case 'counteroffer':
    case 'funded':
      return 'fund';
  }
};

/**
 * Where a click on an application (queue row, recent list, search, notification) leads: the worksheet of its
 * state (spec 1 §2) when that worksheet is built, otherwise the Application worksheet.
 */
export const worksheetPathForState = (
  state: ApplicationState,
  applicationId: number,
  built: readonly WorksheetPath[] = builtWorksheets,
): string => {
  const target = worksheetForState(state);
  return `/${isWorksheetBuilt(target, built) ? target : 'application'}/${applicationId}`;
};
