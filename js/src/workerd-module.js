// workerd (Cloudflare Workers) forbids code generation from bytes at run time, so a module must
// arrive compiled: wrangler's default rules turn an entry's .wasm import into a WebAssembly.Module,
// and a host with other rules passes its own as the loader's { wasmModule }. What the workerd
// entries share.
export function compiledModule(wasmModule, loaderName) {
  if (!(wasmModule instanceof WebAssembly.Module)) {
    throw new TypeError(`${loaderName}: in workerd, options.wasmModule must be a compiled WebAssembly.Module`);
  }
  return wasmModule;
}
