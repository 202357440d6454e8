/* libsecp256k1's default callbacks for illegal arguments and failed internal checks, compiled
 * into its library (cmake/secp256k1.cmake, USE_EXTERNAL_DEFAULT_CALLBACKS): the same messages
 * and abort() as its own, written with fputs instead of fprintf, which kept printf's formatting
 * engine in the package's WebAssembly for these two messages alone. */
#include <stdio.h>
#include <stdlib.h>

void secp256k1_default_illegal_callback_fn(const char* str, void* data);
void secp256k1_default_error_callback_fn(const char* str, void* data);

static void report_and_abort(const char* what, const char* str) {
  fputs(what, stderr);
  fputs(str, stderr);
  fputs("\n", stderr);
  abort();
}

void secp256k1_default_illegal_callback_fn(const char* str, void* data) {
  (void)data;
  report_and_abort("[libsecp256k1] illegal argument: ", str);
}

void secp256k1_default_error_callback_fn(const char* str, void* data) {
  (void)data;
  report_and_abort("[libsecp256k1] internal consistency check failed: ", str);
}
