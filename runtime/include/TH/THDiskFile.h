/* TH's THDiskFile.h: THFiles over a file on disk or over a pipe. Names and
 * signatures are TH's. mode is "r", "w" or "rw" ("rw" creates a missing
 * file, "w" truncates); a pipe is "r" or "w". A file that cannot be opened
 * gives NULL when isQuiet, a THError otherwise.
 *
 * Binary encoding: native (the default), little or big endian. longSize
 * says how many bytes a Long takes in binary: 0 (sizeof(long), the
 * default), 4 (truncated to int32 on write, sign-extended on read) or 8. */
#ifndef TH_DISK_FILE_INC
#define TH_DISK_FILE_INC

#include "THFile.h"

TH_API THFile *THDiskFile_new(const char *name, const char *mode, int isQuiet);
TH_API THFile *THPipeFile_new(const char *name, const char *mode, int isQuiet);

TH_API const char *THDiskFile_name(THFile *self);

TH_API int THDiskFile_isLittleEndianCPU(void);
TH_API int THDiskFile_isBigEndianCPU(void);
TH_API void THDiskFile_nativeEndianEncoding(THFile *self);
TH_API void THDiskFile_littleEndianEncoding(THFile *self);
TH_API void THDiskFile_bigEndianEncoding(THFile *self);

TH_API void THDiskFile_longSize(THFile *self, int size);
TH_API void THDiskFile_noBuffer(THFile *self);

#endif
