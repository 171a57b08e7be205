import { webLinkHref } from '@credence/domain';
import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { messages } from './messages.ts';
import { textSchema } from './primitives.ts';

/**
 * A useful link opens in the browser from the side menu: only http(s), read by the URL standard with the very
 * function the side menu builds its href with (`webLinkHref`), so what is saved is what opens. A link without a
 * scheme gets http:// (spec 1 §2), so 'cutimes.com' is fine; 'javascript:', 'data:', 'file:' and any other
 * scheme ('javascript:1;…' too: a scheme, never a host and port) are refused, as are control characters.
 */
export const isSafeLinkTarget = (link: string): boolean => webLinkHref(link) !== null;

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
