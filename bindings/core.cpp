// The core module: everything, for the edge worker.
#include <emscripten/val.h>

#include <exception>
#include <string>

#include "exports.h"
#include "service/service.h"

namespace sr::bindings {

// The worker's Service (src/service/service.h): `new core.Service(configJson, secretsJson)`,
// then `svc.handle(op, inputJson)`, which never throws. A configuration the core refuses throws
// a JavaScript Error carrying the reason, so the worker fails to start with a readable message
// rather than an opaque C++ exception pointer.
class ServiceBinding {
 public:
  ServiceBinding(std::string config_json, std::string secrets_json) : service_(make(config_json, secrets_json)) {}

  std::string handle(std::string op, std::string input_json) const { return service_.handle(op, input_json); }

 private:
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
