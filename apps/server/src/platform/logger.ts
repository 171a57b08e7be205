/**
 * Structured logs without personal data: the URL is logged without its query string (searches carry names
 * and SSNs), and credentials, cookies and request bodies are never logged.
 */
export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.password',
      '*.oldPassword',
      '*.confirmPassword',
      '*.access_token',
      '*.ssn',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; id: string }) => ({
      id: req.id,
      method: req.method,
      path: req.url.split('?')[0],
    }),
  },
});
