// The core module: everything, for the edge worker.
#include <emscripten/val.h>

#include <cstddef>
#include <exception>
#include <string>

#include "exports.h"
#include "service/service.h"
#include "small_blocks.h"

namespace sr::bindings {

// The worker's Service (src/service/service.h): `new core.Service(configJson, secretsJson)`,
// then `svc.handle(op, inputJson)`, which never throws. A configuration the core refuses throws
// a JavaScript Error carrying the reason, so the worker fails to start with a readable message
// rather than an opaque C++ exception pointer.
//
// handle's input and answer cross as UTF-8 through the host's TextEncoder.encodeInto and
// TextDecoder, straight to and from the module's memory. embind's std::string conversion walks
// every byte in JavaScript (the answer twice: once for a NUL, once to decode it), and a quote's
// answer is about 12 KB: that walking cost more than the quote's signature (bench/README.md,
// "Load"). The text is the same: the worker's JSON.stringify writes no lone surrogate (it escapes
// them), and the core answers valid UTF-8 only (json_text.h).
class ServiceBinding {
 public:
  ServiceBinding(std::string config_json, std::string secrets_json) : service_(make(config_json, secrets_json)) {}

  emscripten::val handle(std::string op, emscripten::val input_json) const {
    if (!input_json.isString()) {
      emscripten::val::global("TypeError").new_(std::string("core Service.handle: the input must be a string")).throw_();
    }
    return text_of(service_.handle(op, utf8_of(input_json)));
  }

 private:
  static std::string utf8_of(const emscripten::val& text) {
    static const emscripten::val encoder = emscripten::val::global("TextEncoder").new_();
    // At most 3 bytes of UTF-8 per UTF-16 code unit.
    std::string out(3 * text["length"].as<std::size_t>(), '\0');
    const emscripten::val view(emscripten::typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data())));
    out.resize(encoder.call<emscripten::val>("encodeInto", text, view)["written"].as<std::size_t>());
    return out;
  }

  static emscripten::val text_of(const std::string& utf8) {
    static const emscripten::val decoder = emscripten::val::global("TextDecoder").new_();
    const emscripten::val view(emscripten::typed_memory_view(utf8.size(), reinterpret_cast<const unsigned char*>(utf8.data())));
    return decoder.call<emscripten::val>("decode", view);
  }

  static service::Service make(const std::string& config_json, const std::string& secrets_json) {
    try {
      return service::Service(config_json, secrets_json);
    } catch (const std::exception& e) {
      emscripten::val::global("Error").new_(std::string("core Service: ") + e.what()).throw_();
    }
  }

  service::Service service_;
};

}  // namespace sr::bindings

EMSCRIPTEN_BINDINGS(sr_core) {
  sr::bindings::register_primitives();
  emscripten::class_<sr::bindings::ServiceBinding>("Service")
      .constructor<std::string, std::string>()
      .function("handle", &sr::bindings::ServiceBinding::handle);
}
