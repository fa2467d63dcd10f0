#ifndef REPORT_BATCH_CLIBDEFLATE_SHIM_H
#define REPORT_BATCH_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
