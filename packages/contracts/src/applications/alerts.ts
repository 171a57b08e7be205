import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { endpoint } from '../kit/endpoint.ts';

/**
 * Alert entry (spec 3 §3): an applicant of another application of the same lender whose e-mail or phone
 * number matches one on this application, with the matching e-mails and phones (masked (000) 000-0000).
 * The dialog links it to application/{applicationId} in a new tab.
 */
export const applicationAlertSchema = z.object({
  name: z.string(),
  applicationId: z.number().int(),
  emails: z.array(z.string()),
  phoneNumbers: z.array(z.string()),
});
export type ApplicationAlert = z.infer<typeof applicationAlertSchema>;

export const applicationAlertsEndpoint = endpoint({
  method: 'GET',
  path: '/api/applications/:id/alerts',
  access: 'signedIn',
  tag: 'applications',
  summary:
    "Application Alerts: applicants of the lender's other applications sharing an e-mail or phone with this one: [{name, applicationId, emails, phoneNumbers (masked (000) 000-0000)}]",
  params: idParamsSchema,
  response: z.array(applicationAlertSchema),
});
