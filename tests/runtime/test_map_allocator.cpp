// THMapAllocator and THRefcountedMapAllocator: shared and private file
// mappings, size 0, creation flags, shared memory, the refcount, errors,
// and no descriptors or mappings left behind on any path.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "TH/THAllocator.h"
#include "TH/THGeneral.h"
#include "ember/error.h"

namespace {

int count_open_fds() {
  int n = 0;
  DIR* dir = opendir("/proc/self/fd");
  while (dirent* e = readdir(dir))
    if (e->d_name[0] != '.') ++n;
  closedir(dir);
  return n - 1;  // the directory's own descriptor
}

// Lines of /proc/self/maps that map `name` (a path, or a /dev/shm name).
int count_mappings_of(const std::string& name) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  int n = 0;
  while (std::getline(maps, line))
    if (line.size() >= name.size() && line.compare(line.size() - name.size(), name.size(), name) == 0) ++n;
  return n;
}

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

off_t file_size(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? st.st_size : -1;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// Records what reaches TH's handlers on this thread instead of aborting.
struct Reported {
  int arg_number = 0;
  std::string message;
  int calls = 0;
  static void on_error(const char* msg, void* self) {
    auto* r = static_cast<Reported*>(self);
    r->arg_number = 0;
    r->message = msg;
    ++r->calls;
  }
  static void on_arg_error(int arg, const char* msg, void* self) {
    auto* r = static_cast<Reported*>(self);
    r->arg_number = arg;
    r->message = msg;
    ++r->calls;
  }
};

// Each test gets a fresh directory and shared memory name, checks that it
// leaves no descriptor open, and removes what it made.
class MapAllocator : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/ember-map-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    static int counter = 0;
    shm_name_ = "/ember-test-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
    THSetErrorHandler(Reported::on_error, &reported_);
    THSetArgErrorHandler(Reported::on_arg_error, &reported_);
    fds_before_ = count_open_fds();
  }
  void TearDown() override {
    EXPECT_EQ(count_open_fds(), fds_before_) << "a descriptor leaked";
    THSetErrorHandler(nullptr, nullptr);
    THSetArgErrorHandler(nullptr, nullptr);
    shm_unlink(shm_name_.c_str());
    std::system(("rm -rf " + dir_).c_str());
  }
  std::string path(const char* name) const { return dir_ + "/" + name; }
  std::string shm_path() const { return "/dev/shm" + shm_name_; }

  // Expects `fn` to throw an ember::Error whose message holds each part.
  template <class Fn>
  void expect_error(Fn fn, std::vector<std::string> parts, ember::ErrorKind kind = ember::ErrorKind::Runtime) {
    try {
      fn();
      ADD_FAILURE() << "no error";
    } catch (const ember::Error& e) {
      EXPECT_EQ(e.kind(), kind) << e.what();
      for (const auto& part : parts) EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  }

  std::string dir_;
  std::string shm_name_;
  int fds_before_ = 0;
  Reported reported_;
};

TEST_F(MapAllocator, SharedMappingsSeeEachOtherAndWriteBack) {
  const std::string file = path("shared.bin");
  THMapAllocatorContext* a = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  auto* pa = static_cast<unsigned char*>(THMapAllocator.malloc(a, 10000));  // creates the file
  ASSERT_NE(pa, nullptr);
  EXPECT_EQ(file_size(file), 10000);
  EXPECT_EQ(THMapAllocatorContext_size(a), 10000);
  EXPECT_EQ(THMapAllocatorContext_fd(a), -1);  // closed once mapped
  EXPECT_STREQ(THMapAllocatorContext_filename(a), file.c_str());
  for (int i = 0; i < 10000; ++i) pa[i] = static_cast<unsigned char>(i * 7);

  THMapAllocatorContext* b = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  auto* pb = static_cast<unsigned char*>(THMapAllocator.malloc(b, 0));  // the whole file
  ASSERT_NE(pb, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(b), 10000);
  for (int i = 0; i < 10000; ++i) ASSERT_EQ(pb[i], static_cast<unsigned char>(i * 7)) << i;
  pb[1234] = 99;
  EXPECT_EQ(pa[1234], 99);
  EXPECT_EQ(count_mappings_of(file), 2);

  THMapAllocator.free(b, pb);
  THMapAllocator.free(a, pa);
  EXPECT_EQ(count_mappings_of(file), 0);
  const std::string on_disk = read_file(file);
  ASSERT_EQ(on_disk.size(), 10000u);
  EXPECT_EQ(static_cast<unsigned char>(on_disk[1234]), 99);
  EXPECT_EQ(static_cast<unsigned char>(on_disk[9999]), static_cast<unsigned char>(9999 * 7));
}

TEST_F(MapAllocator, SharedMappingExtendsAShorterFileAndKeepsItsBytes) {
  const std::string file = path("short.bin");
  write_file(file, "0123456789");
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  auto* p = static_cast<char*>(THMapAllocator.malloc(ctx, 8192));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(file_size(file), 8192);
  EXPECT_EQ(std::string(p, 10), "0123456789");
  EXPECT_EQ(p[10], 0);
  EXPECT_EQ(p[8191], 0);
  THMapAllocator.free(ctx, p);
}

TEST_F(MapAllocator, SharedMappingOfALongerFileMapsTheSizeAsked) {
  const std::string file = path("long.bin");
  write_file(file, std::string(5000, 'x'));
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  void* p = THMapAllocator.malloc(ctx, 100);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(ctx), 100);
  EXPECT_EQ(file_size(file), 5000);  // never shrunk
  THMapAllocator.free(ctx, p);
}

TEST_F(MapAllocator, PrivateMappingIsCopyOnWrite) {
  const std::string file = path("private.bin");
  const std::string original = "private bytes that must survive";
  write_file(file, original);
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), 0);
  auto* p = static_cast<char*>(THMapAllocator.malloc(ctx, 0));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(ctx), static_cast<ptrdiff_t>(original.size()));
  EXPECT_EQ(std::string(p, original.size()), original);
  std::memset(p, 'Z', original.size());
  EXPECT_EQ(p[0], 'Z');
  THMapAllocator.free(ctx, p);
  EXPECT_EQ(read_file(file), original);
}

TEST_F(MapAllocator, PrivateMappingCannotExtendItsFile) {
  const std::string file = path("small.bin");
  write_file(file, "abc");
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), 0);
  expect_error([&] { THMapAllocator.malloc(ctx, 100); }, {"THMapAllocator", file, "3 bytes", "100 bytes"});
  THMapAllocatorContext_free(ctx);  // a failed malloc leaves the context to its owner
  EXPECT_EQ(file_size(file), 3);
  EXPECT_EQ(count_mappings_of(file), 0);
}

TEST_F(MapAllocator, SizeZeroOfAnEmptyFileMapsNothing) {
  const std::string file = path("empty.bin");
  write_file(file, "");
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_EQ(THMapAllocator.malloc(ctx, 0), nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(ctx), 0);
  THMapAllocator.free(ctx, nullptr);
}

TEST_F(MapAllocator, MissingFilesFailCleanly) {
  const std::string missing = path("missing.bin");
  THMapAllocatorContext* nocreate =
      THMapAllocatorContext_new(missing.c_str(), TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_NOCREATE);
  expect_error([&] { THMapAllocator.malloc(nocreate, 64); },
               {"THMapAllocator: cannot open file", missing, "No such file or directory"});
  EXPECT_FALSE(exists(missing));
  THMapAllocatorContext_free(nocreate);

  THMapAllocatorContext* readonly = THMapAllocatorContext_new(missing.c_str(), 0);
  expect_error([&] { THMapAllocator.malloc(readonly, 0); }, {"read-only", missing, "No such file or directory"});
  THMapAllocatorContext_free(readonly);
  EXPECT_FALSE(exists(missing));
}

TEST_F(MapAllocator, SizeZeroNeverCreatesAFile) {
  const std::string missing = path("absent.bin");
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(missing.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  expect_error([&] { THMapAllocator.malloc(ctx, 0); }, {missing, "No such file or directory"});
  THMapAllocatorContext_free(ctx);
  EXPECT_FALSE(exists(missing));
}

TEST_F(MapAllocator, FailedExclusiveMappingRemovesTheFileItCreated) {
  const std::string file = path("toolarge.bin");
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  expect_error([&] { THMapAllocator.malloc(ctx, PTRDIFF_MAX / 2); }, {"THMapAllocator", file});
  THMapAllocatorContext_free(ctx);
  EXPECT_FALSE(exists(file));
}

TEST_F(MapAllocator, ExclusiveRefusesAnExistingFile) {
  const std::string file = path("exists.bin");
  write_file(file, "x");
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  expect_error([&] { THMapAllocator.malloc(ctx, 64); }, {file, "File exists"});
  THMapAllocatorContext_free(ctx);
}

TEST_F(MapAllocator, KeepFdHoldsTheDescriptorUntilFree) {
  const std::string file = path("keep.bin");
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_KEEPFD);
  void* p = THMapAllocator.malloc(ctx, 4096);
  ASSERT_NE(p, nullptr);
  const int fd = THMapAllocatorContext_fd(ctx);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(count_open_fds(), fds_before_ + 1);
  EXPECT_EQ(::pwrite(fd, "q", 1, 7), 1);  // the descriptor is the file's
  EXPECT_EQ(static_cast<char*>(p)[7], 'q');
  THMapAllocator.free(ctx, p);  // closes it; TearDown checks
}

TEST_F(MapAllocator, FromFdUsesAndLeavesTheCallersDescriptor) {
  const std::string file = path("fromfd.bin");
  write_file(file, std::string(300, 'f'));
  const int fd = ::open(file.c_str(), O_RDWR);
  ASSERT_GE(fd, 0);
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_newWithFd(nullptr, fd, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_FROMFD);
  ASSERT_NE(ctx, nullptr);
  EXPECT_EQ(THMapAllocatorContext_fd(ctx), fd);
  auto* p = static_cast<char*>(THMapAllocator.malloc(ctx, 0));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(ctx), 300);
  p[0] = 'g';
  THMapAllocator.free(ctx, p);
  EXPECT_NE(::fcntl(fd, F_GETFD), -1);  // still open: it is the caller's
  ::close(fd);
  EXPECT_EQ(read_file(file)[0], 'g');
}

TEST_F(MapAllocator, UnlinkRemovesTheNameButKeepsTheMapping) {
  const std::string file = path("unlink.bin");
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_UNLINK);
  auto* p = static_cast<int*>(THMapAllocator.malloc(ctx, 4096));
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(exists(file));
  p[100] = 42;
  EXPECT_EQ(p[100], 42);
  THMapAllocator.free(ctx, p);
}

TEST_F(MapAllocator, ResizingAMappingIsAnError) {
  const std::string file = path("resize.bin");
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  void* p = THMapAllocator.malloc(ctx, 64);
  expect_error([&] { THMapAllocator.realloc(ctx, p, 128); }, {"THMapAllocator: cannot resize", file});
  expect_error([&] { THMapAllocator.malloc(ctx, 64); }, {"already backs a mapping"}, ember::ErrorKind::Value);
  THMapAllocator.free(ctx, p);
}

TEST_F(MapAllocator, NegativeSizeNamesTheSizeArgument) {
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(path("neg.bin").c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  try {
    THMapAllocator.malloc(ctx, -4);
    ADD_FAILURE() << "no error";
  } catch (const ember::Error& e) {
    EXPECT_EQ(e.kind(), ember::ErrorKind::Value);
    EXPECT_EQ(e.arg(), "size");
  }
  THMapAllocatorContext_free(ctx);
}

TEST_F(MapAllocator, SharedMemoryIsVisibleThroughASecondMappingAndRemovedByFree) {
  THMapAllocatorContext* a = THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM);
  auto* pa = static_cast<double*>(THMapAllocator.malloc(a, 8 * 512));
  ASSERT_NE(pa, nullptr);
  EXPECT_TRUE(exists(shm_path()));
  for (int i = 0; i < 512; ++i) pa[i] = i * 0.5;

  THMapAllocatorContext* b =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  auto* pb = static_cast<double*>(THMapAllocator.malloc(b, 0));
  ASSERT_NE(pb, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(b), 8 * 512);
  for (int i = 0; i < 512; ++i) ASSERT_EQ(pb[i], i * 0.5);
  THMapAllocator.free(b, pb);  // TH's rule: freeing plain shared memory removes its name
  EXPECT_FALSE(exists(shm_path()));
  EXPECT_EQ(pa[511], 255.5);  // the other mapping lives on
  THMapAllocator.free(a, pa);
  EXPECT_EQ(count_mappings_of(shm_path()), 0);
}

TEST_F(MapAllocator, SharedMemoryNoCreateOnAMissingNameFails) {
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  expect_error([&] { THMapAllocator.malloc(ctx, 16); }, {"shared memory object", shm_name_, "No such file"});
  THMapAllocatorContext_free(ctx);
  EXPECT_FALSE(exists(shm_path()));
}

TEST_F(MapAllocator, RefcountedSharedMemoryCountsHoldersAndLastOneUnlinks) {
  THMapAllocatorContext* a =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  auto* pa = static_cast<float*>(THRefcountedMapAllocator.malloc(a, 1000 * sizeof(float)));
  ASSERT_NE(pa, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pa) % 64, 0u);
  EXPECT_EQ(THMapAllocatorContext_size(a), static_cast<ptrdiff_t>(1000 * sizeof(float)));
  for (int i = 0; i < 1000; ++i) pa[i] = static_cast<float>(i) + 0.25f;

  THMapAllocatorContext* b =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  auto* pb = static_cast<float*>(THRefcountedMapAllocator.malloc(b, 0));  // count: 2
  ASSERT_NE(pb, nullptr);
  EXPECT_EQ(THMapAllocatorContext_size(b), static_cast<ptrdiff_t>(1000 * sizeof(float)));
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(pb[i], static_cast<float>(i) + 0.25f);

  THRefcountedMapAllocator_incref(a, pa);                // 3: a holder in another process
  EXPECT_EQ(THRefcountedMapAllocator_decref(b, pb), 0);  // 2
  THRefcountedMapAllocator.free(b, pb);                  // 1
  EXPECT_TRUE(exists(shm_path()));
  EXPECT_EQ(pa[999], 999.25f);
  THRefcountedMapAllocator.free(a, pa);  // 0: unlinked
  EXPECT_FALSE(exists(shm_path()));
  EXPECT_EQ(count_mappings_of(shm_path()), 0);
  EXPECT_EQ(reported_.calls, 0) << reported_.message;
}

TEST_F(MapAllocator, RefcountedDecrefToZeroUnlinks) {
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  void* p = THRefcountedMapAllocator.malloc(ctx, 128);
  ASSERT_NE(p, nullptr);
  THRefcountedMapAllocator_incref(ctx, p);
  EXPECT_EQ(THRefcountedMapAllocator_decref(ctx, p), 0);
  EXPECT_TRUE(exists(shm_path()));
  EXPECT_EQ(THRefcountedMapAllocator_decref(ctx, p), 1);
  EXPECT_FALSE(exists(shm_path()));
  THRefcountedMapAllocator.free(ctx, p);  // unmaps; the name is already gone
  EXPECT_EQ(count_mappings_of(shm_path()), 0);
}

TEST_F(MapAllocator, RefcountedFlagsAreChecked) {
  const std::string file = path("rc.bin");
  for (int flags : {0, TH_ALLOCATOR_MAPPED_SHARED, TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_SHARED,
                    TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_KEEPFD,
                    TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_UNLINK}) {
    THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), flags);
    ASSERT_NE(ctx, nullptr) << flags;
    expect_error([&] { THRefcountedMapAllocator.malloc(ctx, 16); }, {"THRefcountedMapAllocator"},
                 ember::ErrorKind::Value);
    THMapAllocatorContext_free(ctx);
  }
  EXPECT_FALSE(exists(file));
}

TEST_F(MapAllocator, RefcountedExclusiveRefusesAnExistingObject) {
  THMapAllocatorContext* a =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  void* p = THRefcountedMapAllocator.malloc(a, 64);
  ASSERT_NE(p, nullptr);
  THMapAllocatorContext* b =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  expect_error([&] { THRefcountedMapAllocator.malloc(b, 64); }, {shm_name_, "File exists"});
  THMapAllocatorContext_free(b);
  THRefcountedMapAllocator.free(a, p);
  EXPECT_FALSE(exists(shm_path()));
}

TEST_F(MapAllocator, RefcountedExclusiveNeedsASize) {
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE);
  expect_error([&] { THRefcountedMapAllocator.malloc(ctx, 0); }, {"EXCLUSIVE", shm_name_, "needs a size"},
               ember::ErrorKind::Value);
  THMapAllocatorContext_free(ctx);
  EXPECT_FALSE(exists(shm_path()));
}

TEST_F(MapAllocator, RefcountedObjectTooSmallForItsHeaderFailsCleanly) {
  const int fd = shm_open(shm_name_.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, 10), 0);
  ::close(fd);
  THMapAllocatorContext* ctx =
      THMapAllocatorContext_new(shm_name_.c_str(), TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE);
  expect_error([&] { THRefcountedMapAllocator.malloc(ctx, 0); }, {shm_name_, "10 bytes", "refcount header"});
  EXPECT_EQ(count_mappings_of(shm_path()), 0);
  THMapAllocatorContext_free(ctx);
}

TEST_F(MapAllocator, ContextFunctionsReportBadArgumentsThroughTH) {
  const std::string file = path("args.bin");
  EXPECT_EQ(THMapAllocatorContext_new(file.c_str(), 1 << 12), nullptr);
  EXPECT_EQ(reported_.arg_number, 2);
  EXPECT_NE(reported_.message.find("THMapAllocatorContext_new: unknown flag bits 4096"), std::string::npos)
      << reported_.message;

  EXPECT_EQ(THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_EXCLUSIVE), nullptr);
  EXPECT_EQ(reported_.arg_number, 2);
  EXPECT_NE(reported_.message.find("EXCLUSIVE"), std::string::npos) << reported_.message;

  EXPECT_EQ(THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_FROMFD), nullptr);
  EXPECT_EQ(reported_.arg_number, 2);

  EXPECT_EQ(THMapAllocatorContext_new(nullptr, TH_ALLOCATOR_MAPPED_SHARED), nullptr);
  EXPECT_EQ(reported_.arg_number, 1);
  EXPECT_NE(reported_.message.find("filename is NULL"), std::string::npos) << reported_.message;

  EXPECT_EQ(THMapAllocatorContext_newWithFd(file.c_str(), -1, TH_ALLOCATOR_MAPPED_FROMFD), nullptr);
  EXPECT_EQ(reported_.arg_number, 2);
  EXPECT_NE(reported_.message.find("argument 'fd'"), std::string::npos) << reported_.message;

  EXPECT_EQ(THMapAllocatorContext_filename(nullptr), nullptr);
  EXPECT_EQ(reported_.arg_number, 1);
  EXPECT_EQ(THMapAllocatorContext_fd(nullptr), -1);
  EXPECT_EQ(THMapAllocatorContext_size(nullptr), 0);
  EXPECT_EQ(reported_.calls, 8);
  THMapAllocatorContext_free(nullptr);  // like free(NULL)

  int dummy = 0;
  THRefcountedMapAllocator_incref(nullptr, &dummy);
  EXPECT_EQ(reported_.arg_number, 1);
  THMapAllocatorContext* ctx = THMapAllocatorContext_new(file.c_str(), TH_ALLOCATOR_MAPPED_SHARED);
  EXPECT_EQ(THRefcountedMapAllocator_decref(ctx, nullptr), 0);
  EXPECT_EQ(reported_.arg_number, 2);
  EXPECT_EQ(THRefcountedMapAllocator_decref(ctx, &dummy), 0);  // not a refcounted mapping
  EXPECT_EQ(reported_.arg_number, 1);
  EXPECT_NE(reported_.message.find("does not back a THRefcountedMapAllocator mapping"), std::string::npos)
      << reported_.message;
  THMapAllocatorContext_free(ctx);
  EXPECT_FALSE(exists(file));
}

}  // namespace
