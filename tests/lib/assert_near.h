/* assert_near.h: a cmocka assertion on a floating-point value, shared by the statistics suites
 * (include it after <cmocka.h> and <math.h>). */
#ifndef MAXTUNE_ASSERT_NEAR_H
#define MAXTUNE_ASSERT_NEAR_H

/* Fails the test, with the line, when |got - want| > tol or got is not finite. */
#define assert_near(got, want, tol)                                                                \
    do {                                                                                           \
        double got_ = (got), want_ = (want);                                                       \
        if (!isfinite(got_) || fabs(got_ - want_) > (tol))                                         \
            fail_msg("%s = %.15g, want %.15g (tol %g)", #got, got_, want_, (double)(tol));         \
    } while (0)

#endif
