// A module packed into a script by scripts/build.mjs (gzipped, then base64: ASCII that every
// bundler keeps as it is, and that a server's gzip brings back to within 0.5% of the gzipped
// module), unpacked by the browser's DecompressionStream as a Response that instantiateStreaming
// compiles while it arrives. What the one-request entries share (entry-quotes-inline.js says why
// they exist).
//
// Each step is the cheaper of two that a first verification in Chromium measured apart
// (bench/README.md): the base64 decoded natively where the browser can (Uint8Array.fromBase64,
// 1.5 ms less than atob and a copying loop on a cold page), and the bytes streamed from a
// Response over them rather than from a Blob (whose stream the renderer reads back from the
// browser process: the module was ready 2-5 ms later).
export function unpackModule(packed) {
  const bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(packed) : bytesOfBinaryString(atob(packed));
  const module = new Response(bytes).body.pipeThrough(new DecompressionStream('gzip'));
  return new Response(module, { headers: { 'content-type': 'application/wasm' } });
}

function bytesOfBinaryString(text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
