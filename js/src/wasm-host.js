// What the verifier module needs from its host, written out instead of shipping emscripten's
// generated loader (3.6 KiB gzip of the browser download, most of it file fetching, heap views and
// runtime plumbing for environments this package never meets). The module is built with its import
// and export names unminified (cmake/wasm.cmake), so this file names them.
//
// It imports abort; heap growth (the allocator asks for more memory); WASI's fd_write, reached only
// when libc++abi or libsecp256k1 print why they abort (an uncaught C++ exception, which the
// bindings never let escape, or a broken precondition); and the three functions of
// replayed-errors.js, by which a module built without unwinding code leaves a call when its C++
// code throws and later finds what it caught (replayed-errors.js also wraps its exports). The
// module exports its memory, a constructor to run once, and the sr_* calls bindings/verifier.cpp
// defines.

import { replayedErrors } from './replayed-errors.js';

const PAGE = 65536;
const MAX_HEAP = 2 ** 31; // emscripten's limit for a 32-bit module with memory growth

// `source` is a WebAssembly.Module, bytes (ArrayBuffer or a view), or a Response / Promise of one.
// Resolves to the instance's exports, constructed.
export async function instantiateModule(source) {
  let memory;
  let stderr = [];
  const decoder = new TextDecoder();
  const imports = {
    env: {
      ...replayedErrors.env,
      abort() {
        throw new WebAssembly.RuntimeError('verifier.wasm aborted');
      },
      // The allocator's request for at least `requested` bytes of memory in all; 1 when granted.
      // Grows by at least a fifth, as emscripten's loader does, so that a run of small requests
      // does not copy the heap each time.
      emscripten_resize_heap(requested) {
        const wanted = requested >>> 0;
        if (wanted > MAX_HEAP) return 0;
        const current = memory.buffer.byteLength;
        for (const size of [Math.max(wanted, current * 1.2), wanted]) {
          const pages = Math.ceil((Math.min(size, MAX_HEAP) - current) / PAGE);
          try {
            memory.grow(Math.max(pages, 0));
            return 1;
          } catch {
            // too large for this host: try the exact request
          }
        }
        return 0;
      },
    },
    wasi_snapshot_preview1: {
      // An abort message, to the console a line at a time; `nwritten` says all was taken.
      fd_write(fd, iovs, count, nwritten) {
        const view = new DataView(memory.buffer);
        let total = 0;
        for (let i = 0; i < count; i++) {
          const base = view.getUint32(iovs + i * 8, true);
          const length = view.getUint32(iovs + i * 8 + 4, true);
          stderr.push(...new Uint8Array(memory.buffer, base, length));
          total += length;
        }
        if (stderr.includes(10)) {
          console.error(decoder.decode(new Uint8Array(stderr)).trimEnd());
          stderr = [];
        }
        view.setUint32(nwritten, total, true);
        return 0;
      },
    },
  };
  const { exports } = await instantiate(source, imports);
  memory = exports.memory;
  exports.__wasm_call_ctors();
  return exports.sr_replay_regions ? replayedErrors.wrap(exports) : exports;
}

async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  const resolved = await source;
  if (typeof Response !== 'undefined' && resolved instanceof Response) {
    if (!resolved.ok) throw new Error(`verifier.wasm: HTTP ${resolved.status} from ${resolved.url}`);
    // Compiled while downloading when the server says application/wasm.
    if (typeof WebAssembly.instantiateStreaming === 'function' &&
        resolved.headers.get('content-type')?.startsWith('application/wasm')) {
      return (await WebAssembly.instantiateStreaming(resolved, imports)).instance;
    }
    return (await WebAssembly.instantiate(await resolved.arrayBuffer(), imports)).instance;
  }
  return (await WebAssembly.instantiate(resolved, imports)).instance;
}
