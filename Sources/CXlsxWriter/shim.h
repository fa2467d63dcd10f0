#ifndef REPORT_BATCH_CXLSXWRITER_SHIM_H
#define REPORT_BATCH_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
