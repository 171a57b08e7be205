/** Side-menu names over 25 characters are cut to 22 plus '...' (spec 1 §2, §9). */
export const truncateMenuLabel = (name: string, max = 25, cut = 22): string =>
  name.length > max ? `${name.slice(0, cut)}...` : name;

/** External links without a scheme get http:// prepended (spec 1 §2). */
export const withLinkScheme = (link: string): string =>
  /^[a-z][a-z0-9+.-]*:/i.test(link.trim()) ? link.trim() : `http://${link.trim()}`;
