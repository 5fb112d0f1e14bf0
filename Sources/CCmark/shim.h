#ifndef TODO_REPORT_CCMARK_SHIM_H
#define TODO_REPORT_CCMARK_SHIM_H
#include <stdlib.h>
#include <cmark.h>
#endif
