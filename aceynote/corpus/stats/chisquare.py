"""The chi-square test of roll counts: its statistic and p-value, with no scipy.

The p-value of a chi-square statistic ``x`` with ``k`` degrees of freedom is
the regularized upper incomplete gamma function Q(k/2, x/2). It is worked
out as in Numerical Recipes (Press et al., 3rd ed., §6.2): the power series
of the lower function P where ``x < a + 1``, and there Q = 1 - P; the
continued fraction of Q, by the modified Lentz method, elsewhere, so that a
small p-value keeps its digits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

_EPSILON = 1e-15
_TINY = 1e-300
_MAX_TERMS = 10_000


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic: the sum of (observed - expected)² / expected."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def chi_square_p_value(statistic: float, degrees: int) -> float:
    """The chance of a statistic at least this large if the counts follow the expected shares."""
    if degrees < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if statistic < 0:
        raise ValueError("a chi-square statistic is never negative")
    return upper_gamma_q(degrees / 2, statistic / 2)


def upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x), for a > 0 and x >= 0."""
    if a <= 0 or x < 0:
        raise ValueError("Q(a, x) is defined here for a > 0 and x >= 0")
    if x == 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    """x^a e^-x / Γ(a), in logarithms so that large arguments do not overflow."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _lower_series(a: float, x: float) -> float:
    """P(a, x) = x^a e^-x / Γ(a) · Σ x^n / (a (a+1) ... (a+n))."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_TERMS):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * _prefactor(a, x)


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction 1/(x+1-a- 1·(1-a)/(x+3-a- 2·(2-a)/(x+5-a- ...)))."""
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    fraction = d
    for index in range(1, _MAX_TERMS):
        numerator = -index * (index - a)
        b += 2
        d = numerator * d + b
        d = d if abs(d) >= _TINY else _TINY
        c = b + numerator / c
        c = c if abs(c) >= _TINY else _TINY
        d = 1 / d
        delta = d * c
        fraction *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return fraction * _prefactor(a, x)
