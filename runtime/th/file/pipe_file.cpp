// THPipeFile: a disk file (disk_file.cpp) over popen's stream, closed with
// pclose. A pipe reads ("r": the command's output) or writes ("w": its
// input), never both, and cannot seek (seek sets the error state).
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "TH/THDiskFile.h"
#include "ember/error.h"
#include "ember/export.h"
#include "runtime/th/file/disk_file.h"
#include "runtime/th/file/file.h"
#include "runtime/th/thunk.h"

using namespace ember;

EMBER_API THFile* THPipeFile_new(const char* name, const char* mode, int isQuiet) {
  static constexpr th::ArgNames<3> args = {"name", "mode", "isQuiet"};
  return th::guarded(args, [&]() -> THFile* {
    const char* fn = "THPipeFile_new";
    if (!name) fail(ErrorKind::Value, str(fn, ": name is NULL"), "name");
    bool readable, writable;
    if (!th::file::parse_mode(mode, false, &readable, &writable))
      fail(ErrorKind::Value, str(fn, ": file mode should be 'r' or 'w', not '", mode ? mode : "NULL", "'"), "mode");
    std::FILE* handle = popen(name, readable ? "r" : "w");
    if (!handle) {
      if (isQuiet) return nullptr;
      fail(ErrorKind::Runtime, str(fn, ": cannot open <", name, "> in mode ", readable ? 'r' : ' ',
                                   writable ? 'w' : ' ', " (", std::strerror(errno), ")"));
    }
    return th::file::disk_file_adopt(handle, pclose, name, readable, writable, isQuiet != 0);
  });
}
