/** Side-menu names over 25 characters are cut to 22 plus '...' (spec 1 §2, §9). */
export const truncateMenuLabel = (name: string, max = 25, cut = 22): string =>
  name.length > max ? `${name.slice(0, cut)}...` : name;

const parseUrl = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/**
 * The web address an external link opens, read by the URL standard (WHATWG, as the browser reads an href), or
 * null when it is not an http(s) address with a host. A link without a scheme gets http:// (spec 1 §2). A text
 * the URL standard reads as having a scheme has one: 'javascript:1;…', 'data:1,…', 'file:1//…' (or
 * 'intranet:8080/rates') are schemes other than http(s), never a host and port. Refused besides: control
 * characters (the URL parser drops tabs and newlines, so 'java\tscript:' would be javascript:), addresses
 * starting with a slash or backslash ('//evil' takes the page's scheme), 'http:' without '//' (read relative to
 * the page), backslashes (read as slashes) and user names or passwords ('https://bank.example@evil.example').
 * The answer is the text as checked (trimmed, http:// prepended when schemeless): the browser parses it the same.
 */
export const webLinkHref = (link: string): string | null => {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(link)) return null;
  const text = link.trim();
  if (text === '' || text.startsWith('/')) return null;
  // The URL standard's scheme state: an ASCII letter, then letters, digits, '+', '-' or '.', then ':'.
  const href = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `http://${text}`;
  if (!/^https?:\/\/[^/]/i.test(href)) return null;
  const url = parseUrl(href);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  if (url.username !== '' || url.password !== '') return null;
  return href;
};

/** The href of an external link (spec 1 §2: http:// prepended when schemeless); about:blank when it is not http(s). */
export const withLinkScheme = (link: string): string => webLinkHref(link) ?? 'about:blank';
