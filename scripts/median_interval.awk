# median_interval.awk: the median of the numbers read (one per line, first field) and a
# distribution-free interval for it, the sign test's: the order statistics [x(k), x(n+1-k)] for
# the largest k whose coverage, 1 - 2 P(B < k) with B ~ Binomial(n, 1/2), is at least 95%; with
# fewer than 6 numbers no k reaches 95% and the interval is the whole range, at its coverage.
# Prints "median lo hi coverage" (coverage in percent). The median is the middle number, the
# lower of the two middle ones for an even count (as bench_paired.sh's). Used by
# scripts/bench_paired.sh; tests/median_interval.sh checks it.
{ x[++n] = $1 + 0 }
END {
    if (n == 0)
        exit 1
    for (i = 2; i <= n; i++) { # insertion sort: a handful of numbers
        v = x[i]
        for (j = i - 1; j > 0 && x[j] > v; j--)
            x[j + 1] = x[j]
        x[j + 1] = v
    }
    pmf = 0.5 ^ n # P(B = 0)
    below = 0
    k = 1
    cov = 1 - 2 * pmf
    for (c = 1; c <= int((n + 1) / 2); c++) {
        below += pmf           # P(B < c)
        pmf *= (n - c + 1) / c # P(B = c)
        if (1 - 2 * below >= 0.95) {
            k = c
            cov = 1 - 2 * below
        }
    }
    printf "%s %s %s %.1f\n", x[int((n + 1) / 2)], x[k], x[n + 1 - k], 100 * cov
}
