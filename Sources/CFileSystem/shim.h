#ifndef TODO_REPORT_CFILESYSTEM_SHIM_H
#define TODO_REPORT_CFILESYSTEM_SHIM_H
/*
 * File-system calls the C library has but Swift's Glibc module does not show.
 */
#ifdef __linux__
#include <unistd.h>
/* Flushes one file system (Linux 2.6.39+). unistd.h declares it only
 * under _GNU_SOURCE, which the Glibc module is not built with. */
int syncfs(int fd);
#endif
#endif
