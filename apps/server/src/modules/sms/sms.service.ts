import { SMS_DESCRIPTION_MAX, smsTexts, type smsInboundBodySchema } from '@credence/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import { protectedPurposes, type DataProtector } from '../../platform/crypto.ts';
import { forbidden } from '../../platform/errors.ts';
import { notify } from '../notifications/notify.service.ts';
import * as repo from './sms.repository.ts';
import { isValidTwilioSignature, type FormFields } from './twilio-signature.ts';

/** A message is matched to at most this many applications (the newest): one applicant's whole history is enough. */
export const SMS_MATCH_LIMIT = 10;

export type SmsDeps = { db: Db; protector: DataProtector };

export type InboundSms = {
  /** The full URL the provider called (the public origin and the request's path and query): it is signed. */
  url: string;
  signature: string | undefined;
  /** Every posted field, as sent: the signature covers them all. */
  fields: FormFields;
  body: z.output<typeof smsInboundBodySchema>;
};

/** What became of a message, for the log (no number, no text). */
export type InboundOutcome =
  | { stored: true; lenderId: number; applications: number }
  | { stored: false; lenderId: number; reason: 'replay' | 'smsOff' };

/** A phone number as E.164 ('+' and its digits), as lenders' SMS numbers are kept. */
export const e164 = (number: string) => `+${number.replace(/\D/g, '')}`;

/**
 * The digits an applicant's phone may be kept as (applicant_phone_numbers.number_key) for a sender's number: a
 * North American '+1' number is also kept without its country code, as the worksheets take it (ten digits).
 */
export const phoneKeys = (number: string): string[] => {
  const digits = number.replace(/\D/g, '');
  if (digits === '') return [];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  if (digits.length === 10) return [digits, `1${digits}`];
  return [digits];
};

/**
 * The notification's description: the text on one line; a longer one than SMS_DESCRIPTION_MAX characters is cut
 * at the last word end before it (unless that word is very long) and ends with an ellipsis.
 */
export const smsDescription = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return smsTexts.noText;
  const chars = Array.from(flat);
  if (chars.length <= SMS_DESCRIPTION_MAX) return flat;
  let head = chars.slice(0, SMS_DESCRIPTION_MAX - 1).join('');
  const space = head.lastIndexOf(' ');
  if (chars[SMS_DESCRIPTION_MAX - 1] !== ' ' && space >= head.length - 30) head = head.slice(0, space);
  return `${head.trimEnd()}…`;
};

/**
 * An inbound message. The lender is the one whose SMS number is `To`; the signature must be the provider's for
 * that lender's auth token. A missing or wrong signature and an unknown number are the same 403, so the answer
 * tells no one which numbers are a lender's. A lender whose SMS setting is off has its (genuine) messages dropped:
 * answered as accepted, nothing stored. Otherwise, in one tenant transaction: stored once per MessageSid (a replay
 * stores and notifies nothing more), matched to the newest applications with an applicant whose phone is `From`,
 * and each matched application's followers get New SMS Message (600) with the text as its description.
 */
export const receiveInboundSms = async (deps: SmsDeps, sms: InboundSms): Promise<InboundOutcome> => {
  if (!sms.signature) throw forbidden();
  const lender = await repo.findLenderBySmsNumber(deps.db, e164(sms.body.To));
  if (!lender?.smsAuthToken) throw forbidden();
  const token = deps.protector.decrypt(lender.smsAuthToken, protectedPurposes.smsAuthToken);
  if (!isValidTwilioSignature(token, sms.signature, sms.url, sms.fields)) throw forbidden();
  if (!lender.smsEnabled) return { stored: false, lenderId: lender.id, reason: 'smsOff' };
  return withTenant(deps.db, lender.id, async (tx) => {
    const messageId = await repo.insertMessage(tx, {
      lenderId: lender.id,
      messageSid: sms.body.MessageSid,
      fromNumber: sms.body.From,
      toNumber: sms.body.To,
      body: sms.body.Body,
    });
    if (messageId === undefined) return { stored: false, lenderId: lender.id, reason: 'replay' };
    const keys = phoneKeys(sms.body.From);
    const applicationIds =
      keys.length === 0 ? [] : await repo.findApplicationsByPhone(tx, lender.id, keys, SMS_MATCH_LIMIT);
    await repo.linkApplications(tx, lender.id, messageId, applicationIds);
    const description = smsDescription(sms.body.Body);
    for (const applicationId of applicationIds) {
      await notify(tx, {
        lenderId: lender.id,
        applicationId,
        actorUserId: null,
        type: 'SmsReceived',
        audience: { kind: 'followers' },
        values: { description },
      });
    }
    return { stored: true, lenderId: lender.id, applications: applicationIds.length };
  });
};
