/* study_limit.h: where the study's piece values stop moving as the nodes per move grow (issue
 * 64; study_limit.c). Each piece's regression and handicap values over the limit's settings
 * (the measured settings with the weights of the last one of [study] engines: a curve in the
 * nodes means the same engine at more nodes) are fitted by limit_fit (tune/stats/limit.h:
 * v = a + b / log2(nodes), a the limit), with a verdict at +-STUDY_LIMIT_TOLERANCE. Made into
 * report.md's "limit" tables, limits.csv, limit_<method>.png and summary.json's "limit". */
#ifndef MAXTUNE_STUDY_LIMIT_H
#define MAXTUNE_STUDY_LIMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/study/study.h"
#include "tune/stats/limit.h"

/* The verdict's tolerance in the run's unit: the study's precision target per value. */
#define STUDY_LIMIT_TOLERANCE 0.3

/* The limit's settings: the measured settings whose weights are the last measured one's, in
 * the order of [study] engines, into k[]; returns their count. */
int study_limit_settings(const StudyResult *r, int *k);

/* The limit of series s (regression or handicap) of piece i over the limit's settings; returns
 * f->fitted (f always filled: see limit_fit). */
bool study_limit(const StudyResult *r, StudySeries s, int i, LimitFit *f);

/* report.md's section: a "limit" table per method and the two methods' limits side by side. */
void study_limit_report(FILE *out, const StudyResult *r);

/* limits.csv (data: the StudyResult): each fitted curve, with its 95% band, at the settings'
 * nodes and at doublings up to 16 times the most, then at n = inf (the limit). */
bool study_limit_write_csv(FILE *out, void *data);

/* summary.json's ", \"limit\": {...}" of series s of piece i (nothing unless s is regression or
 * handicap and the limit's settings hold at least two values of it). */
void study_limit_write_json(FILE *out, const StudyResult *r, StudySeries s, int i);

/* Draws limit_<method>.png from limits.csv for each method with a fitted line (none: nothing
 * drawn); false when gnuplot failed (plot.h). */
bool study_limit_plot(const StudyResult *r);

#endif
