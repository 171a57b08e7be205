import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { openPaymentCalculator } from '../../lib/payment-calculator-window.ts';

/** A direct visit to /tools/paymentCalculator opens the calculator window and goes back (or home). */
export const PaymentCalculatorRedirectPage = () => {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    openPaymentCalculator();
    const canGoBack = typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
    if (canGoBack) void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [navigate]);
  return null;
};
