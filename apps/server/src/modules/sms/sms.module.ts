import { smsEndpoints as e, SMS_SIGNATURE_HEADER, smsTexts, TWIML_EMPTY_RESPONSE } from '@credence/contracts';
import type { App, Module } from '../../platform/app-types.ts';
import { AppError } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { applicationDeps } from '../applications/application-context.ts';
import type { FastifyRequest } from 'fastify';
import * as service from './sms.service.ts';
import { parseFormFields, type FormFields } from './twilio-signature.ts';

const postedFields = new WeakMap<FastifyRequest, FormFields>();

/** Requests one address may make in a window; beyond, 429 until the window ends. */
const RATE_LIMIT = { requests: 120, windowMs: 60_000 };

/**
 * A fixed-window count per client address, in this process: the webhook is public, and every request costs a
 * lookup and an HMAC before it can be refused. The map is swept of ended windows when it grows.
 */
export const fixedWindowLimiter = ({ requests, windowMs }: { requests: number; windowMs: number }) => {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): number | null => {
    if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) windows.set(key, (w = { start: now, count: 0 }));
    w.count += 1;
    return w.count > requests ? Math.ceil((w.start + windowMs - now) / 1000) : null;
  };
};

/**
 * Integrations › SMS (issue 31, SmsReceived 600): the sandbox SMS provider's inbound webhook, in a scope of its
 * own so that only it reads form bodies (Twilio posts application/x-www-form-urlencoded). Public (no session):
 * the signature is checked by the service. Nothing of a message — number, text — is logged.
 */
export const smsModule: Module = {
  name: 'sms',
  register: (app, appDeps) => {
    const deps = applicationDeps(appDeps);
    const limited = fixedWindowLimiter(RATE_LIMIT);
    void app.register(async (scope: App) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (request, body, done) => {
          const fields = parseFormFields(typeof body === 'string' ? body : body.toString('utf8'));
          // The fields exactly as posted, for the signature: validation fills defaults into the body it hands on.
          postedFields.set(request, fields);
          done(null, fields);
        },
      );
      registerEndpoint(scope, e.inbound, async ({ raw, body }, reply) => {
        const retryAfter = limited(raw.ip);
        if (retryAfter !== null)
          throw new AppError(429, 'RATE_LIMITED', smsTexts.tooManyRequests, undefined, {
            'Retry-After': String(Math.max(1, retryAfter)),
          });
        const signature = raw.headers[SMS_SIGNATURE_HEADER];
        const outcome = await service.receiveInboundSms(deps, {
          url: `${appDeps.config.publicUrl}${raw.url}`,
          signature: typeof signature === 'string' ? signature : undefined,
          fields: postedFields.get(raw) ?? {},
          body,
        });
        raw.log.info(outcome, 'inbound sms');
        void reply.type('text/xml; charset=utf-8');
        return TWIML_EMPTY_RESPONSE;
      });
    });
  },
};
