// TH's error handlers: per-thread ones that override process-wide ones,
// which fall back to the built-in print-and-abort ones. See THGeneral.h.
//
// Handlers are always called with no lock held and no C++ object alive in
// these frames, so that they may longjmp (Note [longjmp-safe reporting] in
// th_error.h).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "TH/THGeneral.h"
#include "ember/th_error.h"

namespace {

// TH printed to stdout and called exit(-1). stderr is where diagnostics
// belong, and abort() stops in a debugger and skips atexit handlers that
// could trip over the state that failed.
[[noreturn]] void default_error_handler(const char* msg, void*) {
  std::fprintf(stderr, "$ Error: %s\n", msg);
  std::fflush(stderr);
  std::abort();
}

[[noreturn]] void default_arg_error_handler(int arg_number, const char* msg, void*) {
  if (msg)
    std::fprintf(stderr, "$ Invalid argument %d: %s\n", arg_number, msg);
  else
    std::fprintf(stderr, "$ Invalid argument %d\n", arg_number);
  std::fflush(stderr);
  std::abort();
}

template <class Fn>
struct Handler {
  Fn fn;
  void* data;
};
using ErrorHandler = Handler<THErrorHandlerFunction>;
using ArgErrorHandler = Handler<THArgErrorHandlerFunction>;

thread_local ErrorHandler thread_error{nullptr, nullptr};
thread_local ArgErrorHandler thread_arg_error{nullptr, nullptr};

// The process-wide pair is read and written whole under the lock, so a
// thread never sees one handler with another's data.
std::mutex default_mutex;
ErrorHandler default_error{default_error_handler, nullptr};
ArgErrorHandler default_arg_error{default_arg_error_handler, nullptr};

template <class Fn>
Handler<Fn> current(const Handler<Fn>& thread_local_handler, const Handler<Fn>& process_handler) {
  if (thread_local_handler.fn) return thread_local_handler;
  std::lock_guard<std::mutex> lock(default_mutex);
  return process_handler;
}

constexpr int kMessageSize = 2048;

// TH's message layout: the formatted text, then " at FILE:LINE".
void format_located(char* msg, const char* file, int line, const char* fmt, va_list args) {
  const int n = std::vsnprintf(msg, kMessageSize, fmt, args);
  if (n >= 0 && n < kMessageSize) std::snprintf(msg + n, kMessageSize - n, " at %s:%d", file, line);
}

}  // namespace

namespace ember::th {

void raise_error(const char* message) {
  const ErrorHandler h = current(thread_error, default_error);
  h.fn(message, h.data);
}

void raise_arg_error(int arg_number, const char* message) {
  const ArgErrorHandler h = current(thread_arg_error, default_arg_error);
  h.fn(arg_number, message, h.data);
}

}  // namespace ember::th

void _THError(const char* file, const int line, const char* fmt, ...) {
  char msg[kMessageSize];
  va_list args;
  va_start(args, fmt);
  format_located(msg, file, line, fmt, args);
  va_end(args);
  ember::th::raise_error(msg);
}

void _THAssertionFailed(const char* file, const int line, const char* exp, const char* fmt, ...) {
  char msg[kMessageSize];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, args);
  va_end(args);
  _THError(file, line, "Assertion `%s' failed. %s", exp, msg);
}

void _THArgCheck(const char* file, int line, int condition, int argNumber, const char* fmt, ...) {
  if (condition) return;
  char msg[kMessageSize];
  va_list args;
  va_start(args, fmt);
  format_located(msg, file, line, fmt, args);
  va_end(args);
  ember::th::raise_arg_error(argNumber, msg);
}

void THSetErrorHandler(THErrorHandlerFunction new_handler, void* data) { thread_error = {new_handler, data}; }

void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void* data) {
  thread_arg_error = {new_handler, data};
}

void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void* data) {
  std::lock_guard<std::mutex> lock(default_mutex);
  default_error = {new_handler ? new_handler : default_error_handler, data};
}

void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void* data) {
  std::lock_guard<std::mutex> lock(default_mutex);
  default_arg_error = {new_handler ? new_handler : default_arg_error_handler, data};
}
