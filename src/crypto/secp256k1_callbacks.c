/* libsecp256k1's default callbacks for illegal arguments and failed internal checks, compiled
 * into its library (cmake/secp256k1.cmake, USE_EXTERNAL_DEFAULT_CALLBACKS): the same messages
 * and abort() as its own. Natively they are written with fputs, not fprintf, which kept printf's
 * formatting engine in the package's WebAssembly for these two messages alone. In WebAssembly
 * the three pieces go to standard error in one WASI write (what musl's unbuffered stderr makes of
 * each fputs): stdio itself (fputs, the stderr FILE, its write, seek and close hooks, two of the
 * module's imports) was there for them alone too, 0.4 KiB gzip of the package's module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <wasi/api.h>
#endif

void secp256k1_default_illegal_callback_fn(const char* str, void* data);
void secp256k1_default_error_callback_fn(const char* str, void* data);

static void report_and_abort(const char* what, const char* str) {
#ifdef __EMSCRIPTEN__
  const __wasi_ciovec_t pieces[3] = {{(const uint8_t*)what, strlen(what)},
                                     {(const uint8_t*)str, strlen(str)},
                                     {(const uint8_t*)"\n", 1}};
  __wasi_size_t written;
  (void)__wasi_fd_write(2, pieces, 3, &written);
#else
  fputs(what, stderr);
  fputs(str, stderr);
  fputs("\n", stderr);
#endif
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
