import type { FastifyInstance } from 'fastify';

/**
 * The page may load scripts only from this origin (Vite emits no inline script); styles may be inline because
 * MUI's emotion injects <style> elements; images from this origin, data: and blob: URLs (avatars, previews).
 * A route that sets its own policy (file downloads: a sandbox) keeps it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every answer: no sniffing, same-origin referrers and framing, a strict CSP, a
 * Permissions-Policy that turns off device APIs, HSTS when the request came over TLS (directly or, with
 * TRUST_PROXY, through a proxy that says so), and `Cache-Control: no-store` on every /api answer unless the
 * route chose otherwise: API answers carry personal data that no browser or proxy cache should keep.
 */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
};
