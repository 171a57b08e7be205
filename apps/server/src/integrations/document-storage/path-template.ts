import { templatePlaceholders } from '@credence/contracts';
import { FilingError } from './document-storage.ts';

/**
 * A provider's path template (`{memberNumber}/{applicationId}/{documentType}.pdf`) filled with a document's values.
 * Each value is sanitised into one path segment: characters outside letters, digits, space, `.`, `_` and `-` become
 * `_`, leading dots and spaces go, so no value can add a directory, climb out (`..`) or start an absolute path; an
 * empty value is `unknown`. The result is checked again as a whole (relative, no `.`/`..` segment, no empty one).
 */
export const sanitiseSegment = (value: string | null | undefined): string => {
  const cleaned = (value ?? '')
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9 ._-]/g, '_')
    .replace(/^[. ]+/, '')
    .replace(/[ ]+$/, '')
    .slice(0, 120);
  return cleaned === '' ? 'unknown' : cleaned;
};

export const isSafeRelativePath = (path: string) =>
  path.length > 0 &&
  path.length <= 1024 &&
  !path.startsWith('/') &&
  !path.includes('\\') &&
  !path.includes('\0') &&
  path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');

export const fillPathTemplate = (template: string, values: Record<string, string | null>): string => {
  const known = new Set(Object.keys(values));
  for (const name of templatePlaceholders(template))
    if (!known.has(name)) throw new FilingError(`The path template names an unknown field {${name}}`, false);
  const path = template.replace(/\{([^{}]*)\}/g, (_, name: string) => sanitiseSegment(values[name]));
  if (!isSafeRelativePath(path)) throw new FilingError('The path template does not make a safe relative path', false);
  return path;
};
