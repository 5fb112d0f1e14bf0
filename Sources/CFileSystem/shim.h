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
#include <stdio.h>
/* Renames unless the new name exists (Linux 3.15+, glibc 2.28+), also
 * declared only under _GNU_SOURCE: the way to create a file where the file
 * system makes no hard links (exFAT, vfat). */
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#define TODO_REPORT_RENAME_NOREPLACE 1u
#endif
#endif
