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

/** Where a click on an application (recent list, notification) leads, by its state (spec 1 §2). */
export const worksheetPathForState = (state: ApplicationState, applicationId: number): string => {
  switch (state) {
    case 'new':
      return `/credit/${applicationId}`;
    case 'reviewed':
    case 'declined':
    case 'cancelled':
    case 'pending':
      return `/decision/${applicationId}`;
    case 'approved':
    case 'counteroffer':
    case 'funded':
      return `/fund/${applicationId}`;
  }
};
