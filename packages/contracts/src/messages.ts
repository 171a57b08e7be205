/** Every user-visible text of the spec that both sides need, in one catalogue. Quote the spec exactly. */
export const messages = {
  login: {
    unauthorized: 'The username or password is incorrect.',
    connectionFailed: 'There was an error connecting to the login server.',
    tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    passwordExpirationWarningTitle: 'Password Expiration Warning',
  },
  password: {
    mismatch: 'Password and confirm password do not match',
    rules: 'Password must be 8 to 16 characters and contain lowercase letters, uppercase letters and numbers.',
    required: 'Required',
    currentIncorrect: 'The current password is incorrect.',
    sameAsCurrent: 'The new password must be different from the current password.',
    expired: 'Your password has expired. Please change it to continue.',
    changed: 'Your password has been changed.',
    /** Not in the spec (issue 10): a new password may not be any of the last five. */
    reused: (count: number) => `The new password must not be one of your last ${count} passwords.`,
  },
  /** Not in the spec (issue 10): the Idempotency-Key header of a POST. */
  idempotency: {
    invalidKey: 'An Idempotency-Key is 1 to 255 printable ASCII characters.',
    keyReused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    inProgress: 'A request with this Idempotency-Key is still being processed. Please try again shortly.',
  },
  inactivity: {
    loggedOut: 'You have been logged out due to inactivity',
    unsaved: 'Your changes have not been saved',
  },
  errors: {
    title: 'Error',
    backend: 'backend server error',
    updateAvailable: 'Update available',
    unauthenticated: 'Your session has ended. Please sign in again.',
    forbidden: 'Permission Denied. Contact your System Administrator for access.',
    notFound: 'Not found',
    validation: 'One or more fields are invalid.',
    databaseUnavailable: 'The database is unavailable. Please try again shortly.',
    /** A query stopped by the database's statement timeout (DB_STATEMENT_TIMEOUT_MS): the server's limit, not the caller's error. */
    queryTimedOut: 'This took too long and was stopped. Please try again, or narrow it down.',
    lenderNotAllowed: 'You do not have access to that lender.',
    /** A value the database cannot store (out of range, NUL, bad encoding) that no schema caught. */
    unstorableValue: 'A value is out of range or contains characters that cannot be stored.',
  },
  unsavedChanges: 'We detected unsaved changes, are you sure you want to continue?',
  /** The server's bounds on heavy work (README, Security: Limits): documents and GraphQL. */
  limits: {
    pdfTooLarge: (reason: string) => `This document is too large to print: ${reason}.`,
    pdfTooLargeMemory: 'it needs more memory than one document may use',
    pdfTimedOut: (seconds: number) =>
      `The document took longer than ${seconds.toLocaleString('en-US', { maximumFractionDigits: 1 })} seconds to print and was stopped. Please try again shortly, or print fewer sections.`,
    pdfBusy: 'Too many documents are being printed. Please try again in a few seconds.',
    pdfOverShare: (seconds: number) =>
      `Your documents have used their share of the printer for now. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    graphqlTooManyAtOnce: (running: number, waiting: number) =>
      `Too many GraphQL requests at once (at most ${running} run and ${waiting} wait per user). Please try again in a moment.`,
    graphqlOverShare: (seconds: number) =>
      `Your loan summary requests have used their share of the server for now. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  profile: {
    impersonating: 'Cannot update profile while impersonating another lender',
  },
  usefulLinks: {
    saveFailed: 'Saved Links Failed',
    saved: 'Saved',
    onlyHttp: 'A useful link must be a web address (http or https).',
  },
  home: { greeting: (name: string) => `Hello, ${name}` },
  shell: {
    passwordExpirationWarning: (daysLeft: number) =>
      `Your password will expire in ${daysLeft} day(s). Would you like to change it now?`,
    signOutTitle: 'Sign Out',
    signOutQuestion: 'Are you sure you want to sign out?',
    idleWarning: (seconds: number) => `You will be logged out in ${seconds} seconds due to inactivity.`,
    noNotifications: 'There are no new notifications.',
    docusignSyncing: 'Syncing with Docusign...',
    passwordChangedTitle: 'Password Changed',
  },
  validation: {
    required: 'Required',
    money: 'Enter an amount with two decimals, e.g. 1234.50',
    requiredWithPeriod: 'Required.',
    feeNameTooLong: 'Name exceeds max length',
    atLeastOneCent: 'Must be at least 0.01',
    notNegative: 'Must be 0 or more',
    residualAboveAmountFinanced: 'Must not exceed the estimated amount financed',
    invalidVin: 'Enter a valid 17-character VIN',
    invalidSsn: 'Enter a valid 9-digit Social Security Number',
    fullSsnRequired: 'Enter the full Social Security Number',
    fullEinRequired: 'Enter the full Employer Identification Number',
    invalidPhone: 'Enter a 10-digit phone number',
    invalidZip: 'Enter a 5 or 9 digit ZIP code',
    dateInFuture: 'Must not be in the future',
    /** Issue 10, item 7: text with NUL or another control character, or a lone UTF-16 surrogate. */
    invalidText: 'Contains characters that are not allowed (control characters or invalid Unicode)',
    invalidId: 'An id is a whole number from 1 to 2147483647.',
    /** The documented date range of every request (DATE_MIN .. DATE_MAX in primitives.ts). */
    dateOutOfRange: 'Enter a date from 01/01/1900 to 12/31/2199',
  },
  applications: {
    /** Spec 3 §4: the confirmation before saving a funded application (two spaces after the first sentence). */
    fundedConfirmation: 'This application has been funded.  Are you sure you want to make changes?',
    /** Issue 17, item 6: a vehicle loan is created with its price (entered in the loan itemization). */
    salesPriceRequired: 'Sales Price is required.',
    updated: 'You have updated the application successfully.',
    submittedTitle: 'Application Submitted',
    submitted: (id: number) => `You have submitted the application successfully with loan id: ${id}`,
    updatedTitle: 'Application Updated',
    retrieveFailed: (thing: string) => `An error occurred retrieving ${thing} from the api.`,
    lockedBy: (name: string) => `This application is locked by ${name}.`,
    lockRequired: 'Lock the application before making changes. Someone else may have unlocked it.',
    exactlyOnePrimary: 'Exactly one applicant must be the primary applicant.',
    businessPrimaryRequired: 'The primary applicant of a business loan must be a business.',
    businessNotAllowed: 'Only the primary applicant of a business loan may be a business.',
    standardNameRequired: 'First and last name are required.',
    companyNameRequired: 'The company name is required.',
    duplicateSsn: 'Two applicants cannot have the same Social Security Number.',
    spouseMustBeMarried: 'A spouse must have the marital status Married.',
    fullDocumentNumberRequired: 'Enter the full document number',
    spouseNeedsMarriedApplicant: 'A non-applicant spouse can only be added for a married applicant.',
    spouseOnlyInCommunityPropertyState:
      'A non-applicant spouse can only be recorded when a married applicant lives in a community property state.',
    oneSpouseOnly: 'Only one non-applicant spouse can be recorded.',
    productNotAvailable: 'This loan product is not available.',
    productChannelNotAllowed: 'This loan product does not allow this channel (direct or indirect).',
    productKindChange: 'The loan product cannot change between a business and a consumer loan.',
    dealerRequired: 'A dealer is required.',
    dealerNotFound: 'This dealer is not available.',
    transactionTypeNotAllowed: 'A transaction type applies only to direct automotive, boat and RV loans.',
    sellerRequired: 'At least one seller is required.',
    internalRefinanceRequired: 'The internal refinance details are required.',
    collateralTypeMismatch: 'This collateral type does not belong to this collateral form.',
    idMismatch: 'The id does not match the application.',
    applicantNotFound: 'This applicant is not on the application.',
  },
  comments: {
    mentionedUserNotFound: (email: string) => `No user ${email} works for this lender.`,
    mentionedGroupNotFound: (id: number) => `No user group ${id} exists for this lender.`,
    notAuthor: 'Only the author can change or delete a comment.',
    deleted: 'This comment has been deleted.',
    notDeleted: 'This comment has not been deleted.',
    tooMany: (max: number) =>
      `This application already holds ${max.toLocaleString('en-US')} comments (deleted ones included), the most one application may hold.`,
    tooLong: (max: number) =>
      `The comments of one application may hold at most ${max.toLocaleString('en-US')} characters in all: shorten this comment or delete comments no longer needed.`,
  },
  files: {
    uploadTypeUpdated: 'Upload Type Updated',
    tooLarge: (limit: string) => `Each file must be ${limit} or smaller.`,
    tooMany: (max: number) => `At most ${max} files can be uploaded at once.`,
    tooManyOnApplication: (max: number, held: number) =>
      `An application may hold at most ${max.toLocaleString('en-US')} files (deleted ones included): this one holds ${held.toLocaleString('en-US')}, so at most ${Math.max(0, max - held).toLocaleString('en-US')} more can be uploaded.`,
    unsupportedType: 'Only PDF, PNG, JPEG, TIFF, Word, Excel, text and CSV files can be uploaded.',
    contentMismatch: 'The file content does not match its type.',
    noFiles: 'Choose at least one file to upload.',
    namesMismatch: 'Give one name for each file.',
    empty: 'The file is empty.',
    notMultipart: 'Upload files as multipart/form-data.',
    malformed: 'The upload could not be read: the multipart/form-data body is malformed or incomplete.',
    busy: 'Too many uploads are in progress. Please try again in a few seconds.',
  },
  hmda: {
    /** Spec 3 §5. */
    oneOptionRequired: 'One option is Required',
    noMoreThanFive: 'No more than 5 options',
    required: 'Required',
    /** The counter under a free text, out of 50 (spec 3 §5 "a count out of 50"). */
    textCount: (length: number) => `${length} / 50`,
    updated: 'Successfully updated HMDA data',
    notProvidedAlone: 'Not Provided cannot be combined with other options',
    unknownOption: 'Unknown option',
    textTooLong: 'No more than 50 characters',
    duplicateApplicant: 'Each applicant can have only one HMDA record.',
  },
  followUp: {
    descriptionRequired: 'Description is required',
    descriptionTooLong: 'No more than 500 characters',
    /** How the field shows the error (spec 3 §5: "Description is required", shown as "Invalid"). */
    invalid: 'Invalid',
    updated: 'Updated Follow Up Information!',
    updateFailed: 'Failed to Update Follow Up Information',
    itemNotFound: 'This follow-up item is not on the application.',
  },
  dealerPacket: {
    updated: 'Updated Dealer Packet Information!',
    dateRequired: 'Required',
    dateInFuture: 'The date received cannot be in the future.',
  },
  shares: {
    selectLabel: 'Select users and/or user groups',
    updated: 'Successfully updated shares',
    invalidApplicationId: 'Invalid application ID',
    userNotFound: 'This user does not work for this lender.',
    groupNotFound: 'This user group does not exist for this lender or is disabled.',
    oneTarget: 'Give either a user or a user group.',
  },
  alerts: {
    title: 'Application Alerts',
    text: 'The following contact information on this application matches that of another applicant.',
  },
  customFields: {
    updated: 'Updated Custom Fields!',
    required: 'Required',
    notANumber: 'Enter a number',
    notADate: 'Enter a date',
    notABoolean: 'Enter yes or no',
    notText: 'Enter text',
    notAnOption: 'Choose one of the options',
    tooLong: (max: number) => `At most ${max} characters`,
    fieldNotFound: 'This custom field does not belong to the loan product of this application.',
  },
  promotions: {
    additionalFound: 'Additional Loan Promos found',
    autoselected: 'Loan Promo autoselected',
    notFound: 'This promotion is not available for the loan product of this application.',
    patchNotAllowed: 'Only replace of /promotionIds is supported.',
  },
  /** Side-menu search and the queue grids (spec 1 §2, §3, §5). */
  queues: {
    ssnLookupLimit: 'Too many SSN lookups. Please wait before searching by SSN again.',
    allApplications: 'All Applications',
    recentApplications: 'Recent Applications',
    noRecentApplications: 'No recent applications',
    searchPlaceholder: 'Search',
    lockedBy: (name: string) => `Locked by ${name}`,
    unknownField: (field: string) => `Unknown field '${field}'.`,
    notSortable: (field: string) => `The column '${field}' cannot be sorted.`,
    notFilterable: (field: string) => `The column '${field}' cannot be filtered.`,
    unknownOperator: (operator: string, field: string) => `The operator '${operator}' does not apply to '${field}'.`,
    invalidValue: (field: string) => `The filter value for '${field}' is not valid.`,
    groupingNotSupported: 'Grouping is not supported.',
    exportCsv: 'Export CSV',
    saveFilter: 'Save Filter',
    saveQueue: 'Save Queue',
    filterNotFound: 'This filter does not exist or is not shared with you.',
    noApplications: 'No applications found.',
    searchChip: (text: string) => `Search: ${text}`,
    savedCriteria: 'Saved criteria',
    exporting: 'Exporting…',
    filtersCannotBeAdded: 'This saved filter joins its conditions with OR; save a new filter to change them.',
  },
  /** Saved search filters and queues (spec 1 §2, §4, §5, §8). */
  searchFilters: {
    nameRequired: 'Search filter name is required.',
    nameTooLong: 'Search filter name cannot exceed 50 characters.',
    nameNotUnique: 'Search filter name must be unique.',
    showOnSideMenu: 'Show On Side Menu',
    publishTitle: 'Publish Filter',
    disabledGroup: '(Disabled)',
    atLeastOneGroup: 'Select at least one user group.',
    groupNotFound: 'This user group does not exist for this lender.',
    invalidFilter: 'The saved filter is not valid.',
    created: 'Created Filter Successfully.',
    updated: 'Updated Filter Successfully.',
    deleted: 'Deleted Filter Successfully.',
    published: 'Published Filter Successfully.',
    unpublished: 'Unpublished Filter Successfully.',
    enabled: 'Enabled Filter',
    disabled: 'Disabled Filter',
    orderUpdated: 'Updated Filters Order Successfully.',
    createdFilterOrQueue: 'Created Filter or Queue Successfully.',
    updatedFilterOrQueue: 'Updated Filter or Queue Successfully.',
    enableFailed: 'Filter Enable Failed',
    disableFailed: 'Filter Disable Failed',
    notOwner: 'Only the owner of this filter can change it.',
  },
  /** Credit (spec 3 §8; issue 11). Texts the spec does not give are marked "chosen". */
  credit: {
    saved: 'Credit Saved!',
    tradelinesSaveFailed: 'Problem saving some or all of the tradelines',
    retractionConfirm: 'Updating the credit report may retract the decision. Are you sure you want to continue?',
    noActiveCreditReport: 'No Active Credit Report',
    /** Chosen: the title of the warnings of a pull made with a new application. */
    pullTitle: 'Credit Pull',
    /** Chosen: the warning naming applicant and application when the bureau returned no report. */
    noReportReason: (applicant: string, applicationId: number, reason: string) =>
      `No credit report for ${applicant} on application ${applicationId}: ${reason}`,
    /** Chosen: the review is required when the report has alerts (requireCommentOnAlerts). */
    reviewRequiredWithAlerts: 'A review comment is required because the credit report has alerts.',
    /** Chosen. */
    reviewRequiredBeforeMarking: 'Pull credit for every applicant before marking the credit reviewed.',
    /** Chosen. */
    notInState: 'The credit can be marked reviewed only while the application is new.',
    /** Chosen. */
    bureauNotEnabled: 'This credit bureau is not enabled for this lender.',
    /** Chosen. */
    tradelineNotFound: 'This tradeline is not on an active credit report of this application.',
    /** Chosen: what a bureau needs to find the file. */
    pullDataMissing: (applicant: string) =>
      `${applicant} needs a Social Security Number, a date of birth and a current address before credit can be pulled.`,
    /** Chosen. */
    notReviewed: 'The credit can be taken back to new only while the application is reviewed.',
    /** Chosen: a bureau outage or an unreadable answer (not a report without a file). */
    bureauUnavailable: (bureau: string) => `${bureau} could not be reached. Try again later.`,
    /** Chosen. */
    retractionRequired: 'This application has a decision: confirm that updating the credit report retracts it.',
    markedReviewed: 'Credit marked as reviewed.',
    retractSuccess: 'Retract Decision',
    kycTitle: 'KYC Check',
    /** "KYC Check toasts with Result and Detail" (spec 3 §8). */
    kycResult: (result: string, detail: string) => `Result: ${result}. Detail: ${detail}`,
    submitFailed: (provider: string) => `An error occurred submitting to ${provider}.`,
    /** Chosen. */
    unknownProvider: (known: string) => `Choose one of the providers: ${known}.`,
    /** Chosen. */
    noVehicle: 'The application has no vehicle with a VIN.',
  },
} as const;
