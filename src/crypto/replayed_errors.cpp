// The runtime of a build whose errors are replayed instead of unwound (SR_REPLAYED_ERRORS; the npm
// package's EVM-only quote module, cmake/wasm.cmake). Compiled to nothing in every other build.
//
// Such a build is compiled with -fignore-exceptions: `throw` still constructs the exception and
// calls __cxa_throw, but no function carries cleanup code, and catch blocks are gone. So:
//   1. __cxa_throw (below, in place of the C++ runtime's) walks the frames of catching.h from the
//      innermost. A rethrowing() that catches the error throws its own (and this starts again);
//      the first catching() that catches it records "catching() number N caught: <message>" in a
//      log, and the module calls its host's sr_unwind, a JavaScript throw that leaves every
//      WebAssembly frame of the call at once, no destructor run.
//   2. The host (js/src/replayed-errors.js) puts back the memory the module had before the call (its
//      static data and its heap, sr_replay_regions below; the log it keeps) and the stack pointer,
//      and calls again with the same arguments.
//   3. The module, being pure, runs the same way up to catching() number N, which now finds its
//      outcome in the log and runs its handler instead of its body: the path the exception would
//      have taken, as try/catch takes it.
// A call whose errors are all caught once each is therefore run once more per error: only the
// failed checks of a bad quote and the malformed arguments of a bad call pay for it, as a genuine
// quote throws nothing (the package's tests count the runs).
#ifdef SR_REPLAYED_ERRORS

#include <emscripten/em_js.h>
#include <emscripten/em_macros.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "crypto/catching.h"

namespace sr::replay {

Frame* innermost = nullptr;
unsigned entered = 0;

void begin() {
  innermost = nullptr;
  entered = 0;
}

namespace {

// The outcomes of this call of the module: its used size in bytes, then per outcome the sequence
// number, the message's length and the message with a NUL, padded to 4 bytes. A call that fails
// every one of its checks records 14 messages of a few hundred bytes. The host empties it before
// each new call and keeps it across the runs of one call.
constexpr std::uint32_t kLogBytes = 16384;
alignas(4) unsigned char log_bytes[kLogBytes];

std::uint32_t load(std::uint32_t at) {
  std::uint32_t value;
  std::memcpy(&value, log_bytes + at, 4);
  return value;
}

void store(std::uint32_t at, std::uint32_t value) { std::memcpy(log_bytes + at, &value, 4); }

// An outcome for catching() number `sequence`. Outcomes recorded for higher numbers were of
// catching() calls inside its body (it was entered before them and is still running), which the
// next run skips: they are dropped, so that the numbers after it count afresh. The log stays in
// ascending order.
void record(unsigned sequence, const std::string& message) {
  std::uint32_t used = 4;
  while (used < load(0) && load(used) < sequence) used += 8 + ((load(used + 4) + 4) & ~3u);
  const std::uint32_t length = static_cast<std::uint32_t>(message.size());
  const std::uint32_t size = 8 + ((length + 4) & ~3u);
  if (length > kLogBytes || size > kLogBytes - used) std::abort();  // never with the verifier's messages
  store(used, sequence);
  store(used + 4, length);
  std::memcpy(log_bytes + used + 8, message.c_str(), length + 1);
  store(0, used + size);
}

}  // namespace

const char* recorded(unsigned sequence) {
  const std::uint32_t used = load(0);
  for (std::uint32_t at = 4; at < used; at += 8 + ((load(at + 4) + 4) & ~3u)) {
    if (load(at) == sequence) return reinterpret_cast<const char*>(log_bytes + at + 8);
  }
  return nullptr;
}

}  // namespace sr::replay

// The host's import env.sr_unwind: leaves the module by a JavaScript throw (js/src/replayed-errors.js).
// Declared by EM_JS, as emcc links only imports that it knows the JavaScript of; the package's host
// is its own and never loads that.
EM_JS(void, sr_unwind, (), { throw 'unwound'; });

extern "C" {

// libc++abi's (its no-exceptions build has it): whether a handler for `catch_type` catches an
// exception of `thrown_type`, the pointer adjusted to that base. Declared as libc++abi defines it,
// int and all: under LTO a call through another signature compiles to a trap.
int __cxa_can_catch(const std::type_info* catch_type, const std::type_info* thrown_type, void** adjusted);

// The exception is never freed: the host puts the heap back as it was before the call.
void* __cxa_allocate_exception(std::size_t size) noexcept {
  void* object = std::malloc(size);
  if (object == nullptr) std::abort();
  return object;
}

[[noreturn]] void __cxa_throw(void* object, std::type_info* type, void (*)(void*)) {
  using namespace sr::replay;
  const std::exception* exception = as_exception(object, *type);
  const char* what = exception != nullptr ? exception->what() : "unknown error";
  for (Frame* frame = innermost; frame != nullptr; frame = frame->outer) {
    void* adjusted = object;
    if (frame->catches != nullptr && __cxa_can_catch(frame->catches, type, &adjusted) == 0) continue;
    innermost = frame->outer;
    if (frame->rethrow != nullptr) frame->rethrow(frame->context, adjusted);  // throws: back to the top
    record(frame->sequence, frame->describe != nullptr ? frame->describe(object, *type) : std::string(what));
    sr_unwind();
    __builtin_unreachable();
  }
  std::abort();  // nothing catches it: as an uncaught exception ends a program
}

}  // extern "C"

const std::exception* sr::replay::as_exception(void* thrown, const std::type_info& type) {
  return __cxa_can_catch(&typeid(std::exception), &type, &thrown) != 0 ? static_cast<const std::exception*>(thrown) : nullptr;
}

extern "C" {

extern char __data_end;
extern char __heap_base;

// What the host copies before a call and puts back after an unwound run: [0, static data's end)
// and [heap base, heap top); and where the log is, which it keeps.
const std::uint32_t* sr_replay_regions() {
  static std::uint32_t regions[4];
  regions[0] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(&__data_end));
  regions[1] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(&__heap_base));
  regions[2] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(sbrk(0)));
  regions[3] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(sr::replay::log_bytes));
  return regions;
}

}  // extern "C"

#endif
