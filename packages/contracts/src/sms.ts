import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';

/**
 * Inbound SMS (issue 31, SmsReceived 600): the sandbox SMS provider posts each message an applicant texts to a
 * lender's SMS number as Twilio's messaging webhook does — application/x-www-form-urlencoded with MessageSid,
 * AccountSid, From, To, Body (and others, all covered by the signature), signed in the X-Twilio-Signature header —
 * and reads the TwiML answer. No session: the signature, keyed by the lender's auth token, is the credential.
 */

/** Twilio's longest message body (ten segments). */
export const SMS_BODY_MAX = 1600;
/** A notification shows this many characters of the message, then an ellipsis. */
export const SMS_DESCRIPTION_MAX = 160;
/** The header that carries the signature. */
export const SMS_SIGNATURE_HEADER = 'x-twilio-signature';
/** The answer to every accepted request: TwiML asking the provider to do nothing more (no reply message). */
export const TWIML_EMPTY_RESPONSE = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const sid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`));

/** The fields read; any other field the provider sends is kept for the signature and otherwise ignored. */
export const smsInboundBodySchema = z.looseObject({
  MessageSid: sid('(SM|MM)'),
  AccountSid: sid('AC'),
  From: z.string().min(1).max(64),
  To: z.string().min(1).max(64),
  Body: z.string().max(SMS_BODY_MAX).default(''),
});
export type SmsInboundBody = z.input<typeof smsInboundBodySchema>;

export const smsTexts = {
  /** The description of a message without text (a picture alone). */
  noText: '(no text)',
  tooManyRequests: 'Too many requests. Please try again in a minute.',
};

export const smsEndpoints = {
  inbound: endpoint({
    method: 'POST',
    path: '/api/integrations/sms/inbound',
    access: 'public',
    tag: 'integrations',
    summary:
      "Inbound SMS webhook of the sandbox SMS provider (Twilio's format: form fields MessageSid, AccountSid, From, To, Body; header X-Twilio-Signature = base64 HMAC-SHA1 of the full URL followed by every field sorted by name as name+value, keyed by the lender's auth token). The lender is the one whose SMS number is `To`; a missing or wrong signature, or an unknown number, is 403 (the two cannot be told apart). With the lender's SMS setting off the message is dropped. Otherwise it is stored once per MessageSid, matched to the applications whose applicant's phone is `From`, and their followers are notified (New SMS Message, 600). Answers TwiML `<Response/>` (text/xml)",
    body: smsInboundBodySchema,
    response: z.string(),
  }),
};
