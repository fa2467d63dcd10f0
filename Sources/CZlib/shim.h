#ifndef REPORT_BATCH_CZLIB_SHIM_H
#define REPORT_BATCH_CZLIB_SHIM_H
#include <zlib.h>
#endif
