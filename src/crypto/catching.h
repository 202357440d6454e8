// The two ways the layers catch an error, written once so that a build without C++ unwinding can
// keep them:
//   catching<E>(body, handler)    body(), or handler(what) (or handler()) when body throws an E:
//                                 the error is handled and the caller goes on;
//   rethrowing<E>(body, rethrow)  body(); an E it throws is passed to rethrow(e), which throws the
//                                 error the caller sees (its message with a field's path in front).
// Everywhere else the layers throw and never catch, so these are the whole of their error handling.
//
// Every build but one compiles them to try/catch, inlined where they are written: the code is then
// what the try/catch written out was. The npm package's modules are compiled without unwinding
// code (-fignore-exceptions and SR_REPLAYED_ERRORS, cmake/wasm.cmake): C++ cleanups on every path
// that can throw were a tenth of their download. There a throw records its outcome and leaves the
// module at once, and the host runs the call again from the memory it had before
// (replayed_errors.cpp says how); a catching() that has an outcome recorded takes it without
// running its body.
#pragma once

#include <cstdlib>
#include <exception>
#include <string>
#include <type_traits>
#include <typeinfo>

#include "crypto/bytes.h"

namespace sr {

#ifdef SR_REPLAYED_ERRORS
namespace replay {

// One catching() or rethrowing() being run, innermost first (a list through the stack).
struct Frame {
  Frame* outer;
  const std::type_info* catches;  // nullptr: everything
  // rethrowing(): called with what was caught (the thrown object as the type it catches); throws.
  // nullptr for catching().
  void (*rethrow)(const void* context, const void* caught);
  const void* context;
  unsigned sequence;  // catching(): its place among the catching() calls of this call of the module
  // catching() in the bindings: the message to record for what it caught (nullptr: its what()).
  std::string (*describe)(void* thrown, const std::type_info& type);
};

// A new call of the module: no frame, no catching() entered.
void begin();

// The thrown object as a std::exception, or nullptr when it is not one.
const std::exception* as_exception(void* thrown, const std::type_info& type);

// The innermost frame, and the number of catching() calls entered so far.
extern Frame* innermost;
extern unsigned entered;

// The message a catching() entered as `sequence` caught in an earlier run of this call (a buffer of
// the heap, which the caller frees), or nullptr.
const char* recorded(unsigned sequence);

// A catching() frame: pushed unless it has an outcome recorded.
class Attempt {
 public:
  explicit Attempt(const std::type_info* catches, std::string (*describe)(void*, const std::type_info&) = nullptr)
      : frame_{innermost, catches, nullptr, nullptr, entered++, describe}, caught_(recorded(frame_.sequence)) {
    if (caught_ == nullptr) innermost = &frame_;
  }
  ~Attempt() {
    if (caught_ == nullptr) {
      innermost = frame_.outer;
    } else {
      std::free(const_cast<char*>(caught_));
    }
  }
  Attempt(const Attempt&) = delete;
  Attempt& operator=(const Attempt&) = delete;
  const char* caught() const { return caught_; }

 private:
  Frame frame_;
  const char* caught_;
};

// A rethrowing() frame.
class Rethrower {
 public:
  Rethrower(const std::type_info* catches, void (*rethrow)(const void*, const void*), const void* context)
      : frame_{innermost, catches, rethrow, context, 0, nullptr} {
    innermost = &frame_;
  }
  ~Rethrower() { innermost = frame_.outer; }
  Rethrower(const Rethrower&) = delete;
  Rethrower& operator=(const Rethrower&) = delete;

 private:
  Frame frame_;
};

}  // namespace replay

template <class Catch, class Body, class Handler>
[[gnu::always_inline]] inline auto catching(Body&& body, Handler&& handler) -> decltype(body()) {
  const replay::Attempt attempt(&typeid(Catch));
  if (attempt.caught() != nullptr) {
    if constexpr (std::is_invocable_v<Handler>) {
      return handler();
    } else {
      return handler(attempt.caught());
    }
  }
  return body();
}

template <class Catch, class Body, class Rethrow>
[[gnu::always_inline]] inline auto rethrowing(Body&& body, Rethrow&& rethrow) -> decltype(body()) {
  using R = std::remove_reference_t<Rethrow>;
  const replay::Rethrower frame(
      &typeid(Catch),
      [](const void* context, const void* caught) { (*static_cast<const R*>(context))(*static_cast<const Catch*>(caught)); },
      &rethrow);
  return body();
}

#else

template <class Catch, class Body, class Handler>
[[gnu::always_inline]] inline auto catching(Body&& body, Handler&& handler) -> decltype(body()) {
  try {
    return body();
  } catch (const Catch& e) {
    if constexpr (std::is_invocable_v<Handler>) {
      return handler();
    } else {
      return handler(e.what());
    }
  }
}

template <class Catch, class Body, class Rethrow>
[[gnu::always_inline]] inline auto rethrowing(Body&& body, Rethrow&& rethrow) -> decltype(body()) {
  try {
    return body();
  } catch (const Catch& e) {
    rethrow(e);
    __builtin_unreachable();  // rethrow throws
  }
}

#endif

}  // namespace sr
