import { mfaEndpoints, type EndpointArgs } from '@credence/contracts';
import { request } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

/** The second factor's calls (issue 36; contracts mfa.ts). The sign-in's are public: no token, no session events. */
const publicCall = { auth: false, authEvents: false } as const;

export const mfaApi = {
  verify: (body: EndpointArgs<typeof mfaEndpoints.verify>['body']) =>
    callEndpoint(mfaEndpoints.verify, { body }, publicCall),
  enrol: (challenge: string) => callEndpoint(mfaEndpoints.enrol, { body: { challenge } }, publicCall),
  confirmEnrolment: (body: EndpointArgs<typeof mfaEndpoints.confirmEnrolment>['body']) =>
    callEndpoint(mfaEndpoints.confirmEnrolment, { body }, publicCall),
  status: () => callEndpoint(mfaEndpoints.status, {}),
  stepUp: (code: string) => callEndpoint(mfaEndpoints.stepUp, { body: { code } }),
  addFactor: (name: string) => callEndpoint(mfaEndpoints.addFactor, { body: { name } }),
  confirmFactor: (id: number, code: string) =>
    callEndpoint(mfaEndpoints.confirmFactor, { params: { id }, body: { code } }),
  renameFactor: (id: number, name: string) =>
    callEndpoint(mfaEndpoints.renameFactor, { params: { id }, body: { name } }),
  removeFactor: (id: number) => callEndpoint(mfaEndpoints.removeFactor, { params: { id } }),
  newRecoveryCodes: () => callEndpoint(mfaEndpoints.newRecoveryCodes, {}),
  resetUser: (id: number) => callEndpoint(mfaEndpoints.resetUser, { params: { id } }),
  settings: () => callEndpoint(mfaEndpoints.settings, {}),
  saveSettings: (body: EndpointArgs<typeof mfaEndpoints.saveSettings>['body']) =>
    callEndpoint(mfaEndpoints.saveSettings, { body }),
  /** GET applications/{id}/applicants/{applicantId}/ssn: the full SSN (canRevealSensitiveData; step-up). */
  revealSsn: (applicationId: number, applicantId: number) =>
    request<{ socialSecurityNumber: string }>(
      'GET',
      `/api/applications/${applicationId}/applicants/${applicantId}/ssn`,
      undefined,
    ),
};
