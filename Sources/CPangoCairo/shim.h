#ifndef REPORT_BATCH_CPANGOCAIRO_SHIM_H
#define REPORT_BATCH_CPANGOCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
/* glibc's mallopt, to cap malloc arenas for the threads that lay out text (ProcessLimits). */
#include <malloc.h>
#endif
