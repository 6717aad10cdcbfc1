// A THFile over a stdio stream: a file on disk (disk_file.cpp) or a pipe
// (pipe_file.cpp), which differ only in how they open and close it.
#pragma once

#include <cstdio>

#include "TH/THFile.h"

namespace ember::th::file {

// The new file, owning `handle` (closed with `closer`: fclose or pclose),
// ascii, auto-spacing and native-endian as Torch7's start. `name` is
// copied. Closes `handle` itself if the file cannot be made.
THFile* disk_file_adopt(std::FILE* handle, int (*closer)(std::FILE*), const char* name, bool readable, bool writable,
                        bool quiet);

}  // namespace ember::th::file
