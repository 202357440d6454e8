// A module packed into a script by scripts/build.mjs (gzipped, then base64: ASCII that every
// bundler keeps as it is, and that a server's gzip brings back to within 0.5% of the gzipped
// module), unpacked by the browser's DecompressionStream as a Response that instantiateStreaming
// compiles while it arrives. What the one-request entries share (entry-quotes-inline.js says why
// they exist).
export function unpackModule(packed) {
  const text = atob(packed);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const module = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(module, { headers: { 'content-type': 'application/wasm' } });
}
