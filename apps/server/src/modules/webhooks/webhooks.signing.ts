import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): a secret is `whsec_` + base64 of 24 random bytes;
 * the signature of a message is `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), the key being the
 * base64-decoded part after `whsec_`. While two secrets are valid (a rotation's 24 h), the header carries both
 * signatures separated by a space; a receiver accepts the message when any of them verifies.
 */
export const SECRET_PREFIX = 'whsec_';

export const generateWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export const signWebhook = (secret: string, messageId: string, timestamp: number, body: string): string => {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
};

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's, in seconds). */
export const webhookHeaders = (secrets: readonly string[], messageId: string, timestamp: number, body: string) => ({
  'webhook-id': messageId,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': secrets.map((s) => signWebhook(s, messageId, timestamp, body)).join(' '),
});
