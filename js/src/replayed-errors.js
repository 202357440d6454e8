// The host's half of a module built without unwinding code, the EVM-only quote module
// (src/crypto/replayed_errors.cpp in the repository has the module's half, and why: 5 KiB of the
// download). When the C++ code throws, the module records which of its catches takes the
// error and calls sr_unwind, a JavaScript throw that leaves the module at once. The call's export
// then puts back the memory the module had before (its static data, its heap and its stack
// pointer; the module's log of outcomes is kept) and calls again with the same arguments. The
// module runs the same way up to that catch, which then takes its outcome, so the answer is the
// one try/catch would give. A genuine quote throws nothing and is run once.
const unwound = Symbol('unwound');

// What instantiateModule (wasm-host.js) adds: the import, and the exports wrapped.
export const replayedErrors = {
  env: {
    sr_unwind() {
      throw unwound;
    },
  },
  wrap(wasm) {
    const { memory } = wasm;
    const stack = wasm.stackSave();
    const bytes = () => new Uint8Array(memory.buffer);
    // The memory as it was after the last call that changed the module's state (instantiation,
    // binding and releasing chain records); a verification changes nothing another call reads, so
    // going back to it is going back to before the call.
    let saved = null;
    function save() {
      const [dataEnd, heapBase, heapTop, log] = new Uint32Array(memory.buffer, wasm.sr_replay_regions(), 4);
      const all = bytes();
      return { low: all.slice(0, dataEnd), heap: all.slice(heapBase, heapTop), heapBase, log };
    }
    // An export that takes (..., pointer, length) of an argument buffer from sr_alloc, which the
    // module frees: after an unwound run the buffer is allocated and written again.
    const replayed = (name, changesState) => (...args) => {
      const before = saved;
      const [pointer, length] = args.slice(-2);
      const input = bytes().slice(pointer, pointer + length);
      const logAt = before.log >>> 2;
      new Uint32Array(memory.buffer)[logAt] = 0; // a new call: no outcome recorded yet
      try {
        // Each run records one outcome more, for a catch the call entered: a bound, not a budget.
        for (let run = 0; ; run++) {
          try {
            return wasm[name](...args);
          } catch (error) {
            if (error !== unwound || run > 100000) throw error;
            const all = bytes();
            const log = all.slice(before.log, before.log + new Uint32Array(memory.buffer)[logAt]);
            all.set(before.low);
            all.set(before.heap, before.heapBase);
            all.set(log, before.log);
            wasm.stackRestore(stack);
            wrapped.runs++;
            args[args.length - 2] = wasm.sr_alloc(length);
            bytes().set(input, args[args.length - 2]);
          }
        }
      } finally {
        if (changesState) saved = null;
      }
    };
    const wrapped = {
      ...wasm,
      // Every call starts by allocating its argument buffer: the memory is kept here first.
      sr_alloc(size) {
        saved ??= save();
        return wasm.sr_alloc(size);
      },
      sr_verify_quote: replayed('sr_verify_quote', false),
      sr_verify_quote_bound: replayed('sr_verify_quote_bound', false),
      sr_bind_chains: replayed('sr_bind_chains', true),
      sr_release_chains(handle) {
        wasm.sr_release_chains(handle);
        saved = null;
      },
      // Runs after unwound ones, for the package's tests.
      runs: 0,
    };
    return wrapped;
  },
};
