// The runtime of a build whose errors are replayed instead of unwound (SR_REPLAYED_ERRORS; the npm
// package's modules, cmake/wasm.cmake). Compiled to nothing in every other build.
//
// Such a build is compiled with -fignore-exceptions: `throw` still constructs the exception and
// calls __cxa_throw, but no function carries cleanup code, and catch blocks are gone. So:
//   1. __cxa_throw (below, in place of the C++ runtime's) walks the frames of catching.h from the
//      innermost. A rethrowing() that catches the error throws its own (and this starts again);
//      the first catching() that catches it hands its host "catching() number N caught: <message>"
//      by sr_unwind, which keeps it and leaves every WebAssembly frame of the call at once by a
//      JavaScript throw, no destructor run.
//   2. The host (js/src/replayed-errors.js) puts back the memory the module had before the call (its
//      static data and its heap, sr_replay_regions below) and the stack pointer, and calls again
//      with the same arguments.
//   3. The module, being pure, runs the same way up to catching() number N, which now finds its
//      outcome kept by the host (sr_recorded) and runs its handler instead of its body: the path
//      the exception would have taken, as try/catch takes it.
// A call whose errors are all caught once each is therefore run once more per error: only the
// failed checks of a bad quote and the malformed arguments of a bad call pay for it, as a genuine
// quote throws nothing (the package's tests count the runs).
#ifdef SR_REPLAYED_ERRORS

#include <emscripten/em_js.h>
#include <emscripten/em_macros.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <string>

#include "crypto/catching.h"

// The host's imports (js/src/replayed-errors.js), declared by EM_JS, as emcc links only imports it
// knows the JavaScript of; the package's host is its own and never loads that JavaScript.
// sr_unwind keeps the outcome of catching() number `sequence` (dropping those it kept of higher
// numbers: they were of catching() calls inside its body, which the next run skips, so the numbers
// after it count afresh) and leaves the module by a JavaScript throw.
EM_JS(void, sr_unwind, (unsigned sequence, const char* message, std::size_t length), { throw 'unwound'; });
// sr_recorded answers the length of the message kept for catching() number `sequence`, or -1 when
// it keeps none; sr_recorded_copy writes that message into a buffer of that length. The host keeps
// them in JavaScript, out of the memory it puts back: a message can be as long as the arguments it
// quotes.
EM_JS(int, sr_recorded, (unsigned sequence), { throw 'the package host provides it'; });
EM_JS(void, sr_recorded_copy, (unsigned sequence, char* into), { throw 'the package host provides it'; });

namespace sr::replay {

Frame* innermost = nullptr;
unsigned entered = 0;

void begin() {
  innermost = nullptr;
  entered = 0;
}

const char* recorded(unsigned sequence) {
  const int length = sr_recorded(sequence);
  if (length < 0) return nullptr;
  char* text = static_cast<char*>(std::malloc(static_cast<std::size_t>(length) + 1));
  if (text == nullptr) std::abort();
  sr_recorded_copy(sequence, text);
  text[length] = '\0';
  return text;
}

}  // namespace sr::replay

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
    const std::string message = frame->describe != nullptr ? frame->describe(object, *type) : std::string(what);
    sr_unwind(frame->sequence, message.data(), message.size());
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
// and [heap base, heap top).
const std::uint32_t* sr_replay_regions() {
  static std::uint32_t regions[3];
  regions[0] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(&__data_end));
  regions[1] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(&__heap_base));
  regions[2] = static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(sbrk(0)));
  return regions;
}

}  // extern "C"

#endif
