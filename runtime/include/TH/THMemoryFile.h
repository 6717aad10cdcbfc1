/* TH's THMemoryFile.h: a THFile over a THCharStorage. Names and signatures
 * are TH's. The storage always holds the file's bytes followed by a '\0'
 * (so it may be longer than the file while it is written to);
 * THMemoryFile_storage trims it to the bytes and that '\0' and returns it
 * without a new reference. newWithStorage takes a reference to a storage
 * whose last byte is '\0' (the file is the bytes before it); NULL starts
 * an empty one, as THMemoryFile_new does. mode is "r", "w" or "rw".
 * Memory files are always native-endian. */
#ifndef TH_MEMORY_FILE_INC
#define TH_MEMORY_FILE_INC

#include "THFile.h"

TH_API THFile *THMemoryFile_newWithStorage(THCharStorage *storage, const char *mode);
TH_API THFile *THMemoryFile_new(const char *mode);

TH_API THCharStorage *THMemoryFile_storage(THFile *self);
TH_API void THMemoryFile_longSize(THFile *self, int size);

#endif
