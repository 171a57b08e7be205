/**
 * The texts of the administration areas and of the decision engine (spec 2 §8), apart from `messages` so that the
 * shell's first load does not carry them (scripts/size-budget.mjs): only the pages that show them import them.
 */
export const adminMessages = {
  /** The administration kit's generic texts (spec 2 §8: generic Saved / Enabled / Disabled / Deleted toasts). */
  kit: {
    saved: 'Saved',
    enabled: 'Enabled',
    disabled: 'Disabled',
    deleted: 'Deleted',
    saveFailed: 'Save Failed',
    enableFailed: 'Enable Failed',
    disableFailed: 'Disable Failed',
    deleteFailed: 'Delete Failed',
    inUse: 'This record is in use and cannot be deleted.',
    nameTaken: 'This name is already in use.',
  },
  /** Spec 2 §8. */
  branches: {
    saveFailed: 'Branch Settings Save Failed',
    enableFailed: 'Branch Setting Enable Failed',
    nameTaken: 'A branch with this name already exists.',
  },
  /** Spec 2 §6, §8: application status messages. */
  consumerWeb: {
    // Spec 2 §6, §8: both spelled exactly as the spec records them ('Adminstrator').
    forbidden: 'Permission Denied. Contact your System Adminstrator for access.',
    unknownError: 'Unknown Error. Contact your System Adminstrator.',
    saved: 'Saved Successfully',
    enabled: 'Enabled Message',
    disabled: 'Disabled Message',
    nameTaken: 'A message with this name already exists.',
    logoNotBase64: 'The logo must be sent as base64.',
    logoTooLarge: 'The logo may be at most 256 KB.',
    logoSvg: 'SVG logos are not accepted (an SVG can carry scripts): upload a PNG or JPEG.',
    logoType: 'The logo must be a PNG or JPEG image.',
    colour: 'Enter a colour as #RRGGBB.',
    unknownField: 'Unknown field.',
    fieldTwice: 'This field is listed twice.',
    fieldLocked: 'This field is always shown and required.',
    requiredHidden: 'A required field must be shown.',
  },
  statusMessages: {
    forbidden: 'Permission Denied. Contact your System Administrator for access.',
    unknownError: 'Unknown Error. Contact your System Administrator.',
    enabled: 'Enabled Message',
    disabled: 'Disabled Message',
    enableFailed: 'Message Enable Failed',
    disableFailed: 'Message Disable Failed',
    nameTaken: 'A message with this name already exists.',
  },
  /** Spec 2 §8: users. */
  users: {
    emailSentTitle: 'Message Sent',
    emailSent: 'Email has been sent successfully.',
    enrollmentSent: 'Enrollment email has been sent successfully.',
    usernameTaken: 'This username is already in use.',
    noSelfEscalation: 'You cannot change your own rights or lenders.',
  },
  userGroups: {
    nameTaken: 'A user group with this name already exists.',
  },
  dealers: {
    title: 'Dealers',
    retrieveFailed: 'An error occurred retrieving Dealers from the api.',
    createFailed: 'An error occurred Create Dealers from the api.',
    updateFailed: 'An error occurred Update Dealers from the api.',
    created: 'You have created the dealer successfully,',
    updated: 'You have updated the dealer successfully,',
    nameTaken: 'A dealer with this name already exists.',
  },
  /** Administration › Credit Bureaus (chosen texts; spec 2 gives none). */
  creditBureaus: {
    saved: 'Saved',
    saveFailed: 'Save Failed',
    oneModel: 'Choose at least one score model.',
    defaultInModels: 'The default score model must be one of the chosen models.',
    eachOnce: 'Each credit bureau once.',
    oneEnabled: 'Enable at least one credit bureau.',
  },
  /** The decision engine (spec 2 §8; issue 12). Texts the spec does not give are marked "chosen". */
  policy: {
    matrixSaveFailed: 'Matrix Save Failed',
    matrixEnableFailed: 'Matrix Enable Failed',
    matrixDisableFailed: 'Matrix Disable Failed',
    ruleSetSaved: 'Saved RuleSet',
    ruleSetSaveFailed: 'RuleSet Save Failed',
    getRuleSetFailed: 'Get RuleSet Failed',
    getRuleSetListFailure: 'Get RuleSet List Failure',
    ruleSetEnabled: 'Enabled Rule Set',
    ruleSetDisabled: 'Disabled Rule Set',
    ruleSetEnableFailed: 'Rule Set Enable Failed',
    ruleSetDisableFailed: 'Rule Set Disable Failed',
    workflowSaved: (id: number) => `Workflow id: ${id} saved`,
    /** The workflow run result (spec 2 §8). */
    runResult: (applicationId: number, outcome: string | null, nodes: readonly string[]) =>
      `Application with id: ${applicationId} successfully processed with outcome: ${outcome ?? 'Unknown Outcome'}. Nodes processed: ${nodes.length > 0 ? nodes.join(', ') : '<none>'}`,
    unknownOutcome: 'Unknown Outcome',
    apiError: (operation: string) => `An error occurred from the api for ${operation}.`,
    /** Chosen. */
    nameTaken: (singular: string) => `A ${singular.toLowerCase()} with this name already exists.`,
    noDraft: 'There is no draft to publish.',
    /** Chosen: the editors' 'Effective from' beside Save and Publish. */
    effectiveFromPast: 'Choose a time from now on, or leave it empty.',
    effectiveFromIncomplete: 'Enter the whole date and time, or leave it empty.',
    noWorkflow: (kind: string, product: string) => `No ${kind} workflow is published for ${product}.`,
    workflowNotForProduct: (workflow: string, product: string) =>
      `${workflow} does not serve ${product} applications: this is what it would decide, not what ${product}’s own workflow decides.`,
    productTaken: (product: string, workflow: string) =>
      `${product} already runs the enabled workflow ${workflow}; one workflow of a kind per product.`,
    notAWorkflowKind: 'This workflow belongs to another kind.',
    noFacts: 'The application could not be read for the policy.',
  },
  /** Chosen: Administration › Decision Engine settings and the policy reference calls (helper D). */
  decisionEngine: {
    saved: 'Decision engine settings saved',
    saveFailed: 'Save Failed',
    loadFailed: 'Get Decision Engine Settings Failed',
    tierSetUnknown: 'Choose one of the lender’s credit tier sets.',
    scoreModelMismatch: (set: string, model: string) =>
      `The credit tier set ${set} tiers ${model} scores; choose ${model} or leave the score model empty.`,
    ruleSetUnknown: 'Choose one of the lender’s enabled decision-retraction rule sets.',
    userGroupUnknown: 'Choose one of the lender’s enabled user groups.',
    noLoanLimitWorkflow: (product: string) => `No published workflow of ${product} looks a loan limit matrix up.`,
    noLoanLimitLookup: (workflow: string) =>
      `The workflow ${workflow} looks no loan limit matrix up for this application.`,
  },
  /** Chosen: the policy sandbox (replay of a draft, issue 12). */
  policyReplay: {
    noDraft: 'This policy object has no draft to replay: save a draft first.',
    notReplayable: 'Only matrices, credit tier sets, loan term sets and workflows can be replayed.',
    periodOrder: 'The start date must be on or before the end date.',
    periodTooLong: 'A replay covers at most ten years.',
    started: 'Replay started',
    startFailed: 'Replay Failed',
    failed: 'The replay failed.',
  },
  /** Administration › Application Locks (chosen texts; spec 2 names the calls only). */
  applicationLocks: {
    lockOnOpen: 'Lock an application as soon as its worksheet is opened',
    lockOnOpenHelp:
      'When off, an application is locked when someone starts editing it. When on, opening a worksheet locks it for the person who opened it, until they leave it.',
    heldTitle: 'Locks held now',
    noneHeld: 'No application is locked now.',
    unlockTitle: 'Unlock Application',
    unlockQuestion: (id: number, name: string) =>
      `Application ${id} is locked by ${name}. Unlock it? Their unsaved changes will be lost.`,
    unlocked: (id: number) => `Application ${id} is unlocked.`,
  },
  crossSell: {
    created: 'A new application has been successfully created.',
    goToApp: (id: number) => `Go to App Id: ${id}`,
    rateNotCalculated: 'Rate could not be calculated',
    enableFailed: 'Cross Sell Setting Enable Failed',
    saveFailed: 'Cross Sell Settings Save Failed',
    /** Chosen: cross sell not-interested error (spec 3 §8 names it without a text). */
    notInterestedFailed: 'Could not record that the applicant is not interested.',
    /** Chosen. */
    nameTaken: 'A cross sell setting with this name already exists.',
    /** Chosen. */
    offerNotAvailable: 'This cross sell offer is not available.',
    /** Chosen: the settings form (Administration › Cross Sell Settings). */
    ratePercent: 'Enter a rate from 0 to 99.999 with up to three decimals.',
    rateOffset: 'Enter an offset such as -0.250 or 0.5.',
    termMonths: 'Enter a term from 1 to 480 months.',
    termsRequired: 'A refinance setting offers at least one term.',
    termTwice: 'Each term once.',
    offerAmountRequired: 'An internal offer needs the amount offered.',
    productUnavailable: 'Choose one of the lender’s enabled loan products.',
  },
} as const;
