import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { messages } from './messages.ts';
import { textSchema } from './primitives.ts';

/**
 * A useful link opens in the browser from the side menu: only http(s). A link without a scheme gets http://
 * (spec 1 §2), so 'cutimes.com' and 'intranet:8080/rates' are fine; 'javascript:', 'data:', 'file:' and any
 * other scheme are refused, as are control characters (which browsers strip, letting 'java\tscript:' through).
 */
export const isSafeLinkTarget = (link: string): boolean => {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(link)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(link.trim());
  return !scheme || /^https?$/i.test(scheme[1]!);
};

export const usefulLinkSchema = z.object({
  name: textSchema().trim().min(1).max(100),
  link: textSchema().trim().min(1).max(2000).refine(isSafeLinkTarget, messages.usefulLinks.onlyHttp),
});
export type UsefulLink = z.infer<typeof usefulLinkSchema>;
export const usefulLinksSchema = z.array(usefulLinkSchema).max(100);

/** The useful links calls (spec 2 §7): every signed-in user reads them (side menu); the area's right saves them. */
export const usefulLinksEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/UsefulLinks',
    access: 'signedIn',
    tag: 'usefulLinks',
    summary: "The lender's useful links",
    response: usefulLinksSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/UsefulLinks',
    access: { right: 'canManageUsefulLinks' },
    tag: 'usefulLinks',
    summary: "Replace the lender's useful links (name, link; http(s) only), audited",
    body: usefulLinksSchema,
    response: usefulLinksSchema,
  }),
};
