// The host's half of a module built without unwinding code, as the package's modules are
// (src/crypto/replayed_errors.cpp in the repository has the module's half, and why: a tenth of the
// download). When the C++ code throws, the module hands over which of its catches takes the error
// and with what message (sr_unwind), and this host keeps it and leaves the module at once by a
// JavaScript throw. The call's export then puts back the memory the module had before (its static
// data, its heap and its stack pointer) and calls again with the same arguments. The module runs
// the same way up to that catch, which then takes its outcome (sr_recorded), so the answer is the
// one try/catch would give. A genuine quote throws nothing and is run once.
const unwound = Symbol('unwound');

// The call being run: its module's memory and the outcomes kept for it, in order of their numbers
// ({ sequence, message }). Calls are synchronous and a module never calls back into another, so one
// at a time.
let call = null;

// What instantiateModule (wasm-host.js) adds: the imports, and the exports wrapped (for a module that
// exports sr_replay_regions).
export const replayedErrors = {
  env: {
    // catching() number `sequence` caught `message`: kept, with the outcomes of lower numbers (the
    // others were of catching() calls inside its body, which the next run skips); then out.
    sr_unwind(sequence, pointer, length) {
      const message = new Uint8Array(call.memory.buffer).slice(pointer, pointer + length);
      call.kept = call.kept.filter((outcome) => outcome.sequence < sequence);
      call.kept.push({ sequence, message });
      throw unwound;
    },
    sr_recorded(sequence) {
      return call.kept.find((outcome) => outcome.sequence === sequence)?.message.length ?? -1;
    },
    sr_recorded_copy(sequence, pointer) {
      new Uint8Array(call.memory.buffer).set(call.kept.find((outcome) => outcome.sequence === sequence).message, pointer);
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
      const [dataEnd, heapBase, heapTop] = new Uint32Array(memory.buffer, wasm.sr_replay_regions(), 3);
      const all = bytes();
      return { low: all.slice(0, dataEnd), heap: all.slice(heapBase, heapTop), heapBase };
    }
    // An export that takes (..., pointer, length) of an argument buffer from sr_alloc, which the
    // module frees when the call ends: after an unwound run (no free) the buffer still holds the
    // arguments, which are copied out, and allocated and written again once the memory is back.
    const replayed = (name, changesState) => (...args) => {
      const before = saved;
      const length = args[args.length - 1];
      call = { memory, kept: [] };
      try {
        // Each run keeps one outcome more, for a catch the call entered: a bound, not a budget.
        for (let run = 0; ; run++) {
          try {
            return wasm[name](...args);
          } catch (error) {
            if (error !== unwound || run > 100000) throw error;
            const all = bytes();
            const input = all.slice(args[args.length - 2], args[args.length - 2] + length);
            all.set(before.low);
            all.set(before.heap, before.heapBase);
            wasm.stackRestore(stack);
            wrapped.runs++;
            args[args.length - 2] = wasm.sr_alloc(length);
            bytes().set(input, args[args.length - 2]);
          }
        }
      } finally {
        call = null;
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
      sr_release_chains(handle) {
        wasm.sr_release_chains(handle);
        saved = null;
      },
      // Runs after unwound ones, for the package's tests.
      runs: 0,
    };
    // The calls: the verifications, and binding chain records (which changes the module's state).
    for (const name of Object.keys(wasm)) {
      if (name.startsWith('sr_verify_') || name === 'sr_bind_chains') wrapped[name] = replayed(name, name === 'sr_bind_chains');
    }
    return wrapped;
  },
};
