/** Spec 1 §2: /tools/paymentCalculator opens a non-resizable window titled 'Payment Calculator' of 850 by 515. */
export const PAYMENT_CALCULATOR_ROUTE = '/tools/paymentCalculator';
export const PAYMENT_CALCULATOR_POPUP = '/popup/paymentCalculator';

export const isPaymentCalculatorUrl = (url: string | null | undefined): boolean =>
  !!url && url.split(/[?#]/)[0]?.replace(/\/+$/, '') === PAYMENT_CALCULATOR_ROUTE;

export const openPaymentCalculator = (): Window | null =>
  window.open(PAYMENT_CALCULATOR_POPUP, 'Payment Calculator', 'width=850,height=515,resizable=no');
