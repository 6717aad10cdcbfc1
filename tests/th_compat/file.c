/* TH's file layer used as Torch7's binding used it: a generic file
 * expanded once per type through THGenerateAllTypes.h, writing storages
 * with THFile_write<Real>Raw and THFile_write<Real> and reading them back,
 * in ascii and in binary, through a memory file and a disk file. */
#include <stdio.h>

#include "TH.h"
#include "compat_check.h"

#define TH_GENERIC_FILE "generic/file.c"
#include "THGenerateAllTypes.h"

int check_file(void);

int check_file(void) {
  int failures = 0;
  int binary;
  char path[] = "th_compat_file.bin";
  for (binary = 0; binary < 2; ++binary) {
    THFile *m = THMemoryFile_new("rw");
    THFile *d = THDiskFile_new(path, "rw", 0);
    failures += THByteFile_check(m, binary) + THByteFile_check(d, binary);
    failures += THCharFile_check(m, binary) + THCharFile_check(d, binary);
    failures += THShortFile_check(m, binary) + THShortFile_check(d, binary);
    failures += THIntFile_check(m, binary) + THIntFile_check(d, binary);
    failures += THLongFile_check(m, binary) + THLongFile_check(d, binary);
    failures += THFloatFile_check(m, binary) + THFloatFile_check(d, binary);
    failures += THDoubleFile_check(m, binary) + THDoubleFile_check(d, binary);
    THFile_free(m);
    THFile_free(d);
  }
  remove(path);
  return failures;
}
