/** Spec 1 §2: no side menu or top bar on these paths, on the empty path, or with ?sso=true. */
const chromelessPathParts = ['login', 'changepassword', 'resetpassword', 'forgotpassword', 'returndocusign', 'popup'];

export const isChromeHidden = (pathname: string, search: string): boolean => {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (path === '') return true;
  const lower = path.toLowerCase();
  if (chromelessPathParts.some((part) => lower.includes(part))) return true;
  return new URLSearchParams(search).get('sso') === 'true';
};

/** Areas that make no sense under another lender: a lender switch leaves them for /home (spec 1 §4). */
const lenderBoundAreas = ['/admin', '/letters', '/reports', '/tools', '/fileExport', '/profile'];

export const isLenderBoundArea = (pathname: string): boolean =>
  lenderBoundAreas.some((area) => pathname === area || pathname.startsWith(`${area}/`));
