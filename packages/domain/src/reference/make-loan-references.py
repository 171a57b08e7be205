#!/usr/bin/env python3
"""Independent reference for the loan maths tests: exact rational arithmetic (Python's fractions), written
without looking at the TypeScript. Run it to regenerate loan-references.json:

    python3 packages/domain/src/reference/make-loan-references.py

Each case: amount, annual rate %, term in months, frequency -> level payment (half up to the cent, ties
decided exactly), number of payments, final payment, total of payments, and the APR of the schedule
(regular first period, no fees) solved by bisection in 40-digit decimal arithmetic."""
import json, random
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 40
PER_YEAR = {'Weekly': 52, 'BiWeekly': 26, 'SemiMonthly': 24, 'Monthly': 12, 'Quarterly': 4, 'SemiAnnually': 2, 'Annually': 1}

def half_up(x: F) -> int:
    """Nearest integer, halves away from zero, exactly."""
    n, d = x.numerator, x.denominator
    return (2 * n + d) // (2 * d) if n >= 0 else -((-2 * n + d) // (2 * d))

def case(amount: str, rate: str, months: int, freq: str, source: str):
    ppy = PER_YEAR[freq]
    if (months * ppy) % 12:
        return None
    n = months * ppy // 12
    p = F(amount) * 100  # cents
    r = F(rate) / 100 / ppy
    pay = half_up(p / n) if r == 0 else half_up(p * r / (1 - (1 + r) ** -n))
    if pay <= 0:
        return None
    bal = p
    total = 0
    payments = []
    for k in range(1, n + 1):
        interest = half_up(bal * r)
        due = bal + interest if k == n else pay
        bal = bal + interest - due
        total += due
        payments.append(due)
    assert bal == 0
    # APR: bisection on the periodic rate, Decimal arithmetic.
    A = Decimal(int(p))
    def pv(i):
        v, g = Decimal(0), Decimal(1)
        step = 1 / (1 + i)
        for due in payments:
            g *= step
            v += Decimal(int(due)) * g
        return v
    lo, hi = Decimal(0), Decimal(1)
    if total > int(p):
        for _ in range(80):
            mid = (lo + hi) / 2
            if pv(mid) > A: lo = mid
            else: hi = mid
    apr = ((lo + hi) / 2) * ppy * 100 if total > int(p) else Decimal(0)
    return {
        'source': source, 'amount': amount, 'rate': rate, 'termMonths': months, 'frequency': freq,
        'payment': f'{Decimal(pay) / 100:.2f}',
        'numberOfPayments': n,
        'finalPayment': f'{Decimal(int(payments[-1])) / 100:.2f}',
        'totalOfPayments': f'{Decimal(int(total)) / 100:.2f}',
        'apr': f'{apr:.4f}',
    }

cases = []
src_exact = 'exact rational reference (make-loan-references.py)'
# Single annual payment ties: amount × (1 + rate) lands exactly on half a cent.
ties = 0
for cents in range(10000, 200000, 7):
    for rate in ('4.5', '3.5', '5.5', '2.5', '7.5'):
        total = F(cents, 100) * (1 + F(rate) / 100)
        if (total * 100).denominator == 2 and ties < 60:
            c = case(f'{Decimal(cents) / 100:.2f}', rate, 12, 'Annually', 'exact half-cent tie, ' + src_exact)
            cases.append(c); ties += 1
rng = random.Random(20261123)
terms_by_freq = {'Monthly': [12, 24, 36, 48, 60, 72, 84, 120, 180, 360], 'BiWeekly': [12, 24, 36, 48, 60, 72],
                 'Weekly': [12, 24, 36, 48, 60], 'SemiMonthly': [12, 24, 36, 48, 60], 'Quarterly': [12, 24, 36, 60],
                 'SemiAnnually': [12, 24, 36, 60], 'Annually': [12, 24, 36, 60]}
while len(cases) < 360:
    freq = rng.choice(list(terms_by_freq))
    months = rng.choice(terms_by_freq[freq])
    amount = f'{Decimal(rng.randint(50000, 50000000)) / 100:.2f}'
    rate = rng.choice(['0', '0.99', '1.9', '2.49', '3.75', '4.9', '5.25', '6', '6.875', '7.99', '9.5', '12', '15.49', '18', '21.99', '24.9', '29.99'])
    c = case(amount, rate, months, freq, src_exact)
    if c: cases.append(c)
json.dump(cases, open(__file__.replace('make-loan-references.py', 'loan-references.json'), 'w'), indent=0)
print(len(cases), 'cases,', ties, 'ties')
