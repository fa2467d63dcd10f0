#ifndef REPORT_BATCH_CLIBPQ_SHIM_H
#define REPORT_BATCH_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
