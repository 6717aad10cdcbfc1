// Carrying a C++ exception across the C API boundary into TH's handlers.
//
// Every C function of the TH API has this shape:
//
//   EMBER_API void THFloatTensor_narrow(THFloatTensor* self, ...) {
//     static const char* const kArgs[] = {"self", "src", "dimension", ...};
//     ember::th::Failure failure;
//     try { ...; return; } catch (...) { failure = ember::th::capture(); }
//     ember::th::report(failure, kArgs, 5);
//     // only reached if the user's handler returned
//   }
//
// Note [longjmp-safe reporting]: TH's handlers may longjmp (Lua's do), and
// a longjmp that skips a non-trivial destructor is undefined behaviour. So
// report() runs after the catch block has ended (the exception object is
// gone), Failure owns no heap memory (fixed buffers, trivially
// destructible), and nothing between report() and the handler holds a
// resource. Callers keep only trivially destructible locals alive across
// report().
#pragma once

#include "ember/export.h"

#include <type_traits>

#include "ember/error.h"


namespace ember::th {

struct Failure {
  ErrorKind kind;
  char message[2048];  // truncated if longer
  char arg[128];       // the offending argument's name, or empty
};
static_assert(std::is_trivially_destructible_v<Failure>, "see Note [longjmp-safe reporting]");

// Describes the exception being handled; call it only inside a catch
// block. ember::Error keeps its kind, message and argument; std::bad_alloc
// becomes a Memory failure ("out of memory"); other std::exceptions and
// unknown exceptions become Runtime failures.
EMBER_CPP_API Failure capture() noexcept;
// The same for an exception out of the C function `fn`: a message that
// does not start with fn's name (an op inside it named itself, as
// "storage_new: ...", or "out of memory") gets "fn: " in front; a null
// fn leaves it as capture() made it.
EMBER_CPP_API Failure capture(const char* fn) noexcept;

// Hands the failure to TH's handlers: when failure.arg is one of the
// nargs names in args (the C function's parameters, in order), the
// argument error handler gets its 1-based position, as THArgCheck does;
// otherwise the error handler gets the message, as THError does. Returns
// only if that handler returns.
EMBER_CPP_API void report(const Failure& failure, const char* const* args, int nargs);

// The handlers themselves, with a finished message (no " at file:line").
EMBER_CPP_API void raise_error(const char* message);
EMBER_CPP_API void raise_arg_error(int arg_number, const char* message);

}  // namespace ember::th
