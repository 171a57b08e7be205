/** The demo's two lenders (a credit union and a dealer-finance lender). */
export const SUMMIT = 'Summit Federal Credit Union';
export const HARBOR = 'Harbor Auto Finance';
