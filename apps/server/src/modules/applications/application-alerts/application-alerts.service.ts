import type { ApplicationAlert } from '@credence/contracts';
import { maskPhone, normalizeEmail } from '@credence/domain';
import type { AuthContext } from '../../../platform/auth.ts';
import * as repo from './application-alerts.repository.ts';
import type { ApplicationContext } from '../application-context.ts';

type Match = Awaited<ReturnType<typeof repo.findEmailMatches>>[number];

/**
 * Application Alerts: the applicants of the lender's other applications whose e-mail (trimmed, any case) or
 * phone number (its digits) matches one of this application's applicants, one entry per applicant with the
 * matching e-mails and phones (masked (000) 000-0000), newest application first. Never across lenders.
 */
export const getApplicationAlerts = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx): Promise<ApplicationAlert[]> => {
    const keys = await repo.findContactKeys(tx, applicationId);
    const emailMatches =
      keys.emails.length > 0 ? await repo.findEmailMatches(tx, auth.lenderId, applicationId, keys.emails) : [];
    const phoneMatches =
      keys.phones.length > 0 ? await repo.findPhoneMatches(tx, auth.lenderId, applicationId, keys.phones) : [];
    const alerts = new Map<number, ApplicationAlert & { emailKeys: Set<string> }>();
    const entry = (m: Match) => {
      let alert = alerts.get(m.applicantId);
      if (!alert) {
        const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || (m.companyName ?? '');
        alert = { name, applicationId: m.applicationId, emails: [], phoneNumbers: [], emailKeys: new Set() };
        alerts.set(m.applicantId, alert);
      }
      return alert;
    };
    for (const m of emailMatches) {
      const alert = entry(m);
      if (!alert.emailKeys.has(normalizeEmail(m.value))) {
        alert.emailKeys.add(normalizeEmail(m.value));
        alert.emails.push(m.value.trim());
      }
    }
    for (const m of phoneMatches) {
      const alert = entry(m);
      const masked = maskPhone(m.value);
      if (!alert.phoneNumbers.includes(masked)) alert.phoneNumbers.push(masked);
    }
    return [...alerts.values()]
      .map(({ emailKeys: _keys, ...alert }) => alert)
      .sort((a, b) => b.applicationId - a.applicationId || a.name.localeCompare(b.name));
  });
