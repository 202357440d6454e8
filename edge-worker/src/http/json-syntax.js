// A JSON (RFC 8259) syntax check that reports where the text goes wrong and how deeply it nests.
// JSON.parse's messages differ between V8 versions and often carry no position, while clients
// need the line and column to fix a body; and a depth limit must hold before parsing builds
// the tree. Valid text is then handed to JSON.parse. A member name repeated in one object is
// refused too: JSON.parse would keep the last silently, so a body could mean one thing to an
// intermediary or a signer's tooling and another here (RFC 8259 leaves duplicates undefined).
// So are \u escapes of unpaired UTF-16 surrogates, which encode no character.

/**
 * @typedef {{ offset: number, line: number, column: number, message: string }} SyntaxProblem
 */

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * @param {string} text
 * @param {number} maxDepth deepest allowed nesting of arrays and objects
 * @returns {SyntaxProblem | null} null when `text` is one valid JSON value within the depth limit
 */
export function findJsonSyntaxProblem(text, maxDepth) {
  let i = 0;
  const fail = (message, at = i) => {
    throw Object.assign(new Error(message), { offset: at });
  };
  const skipWs = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const expectLiteral = (word) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${describe(text, i)}`);
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) fail("control character in string; escape it");
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          const unit = escapedUnit(text, i);
          if (unit < 0) fail("invalid \\u escape");
          // An unpaired surrogate is no Unicode text: the core's parser (and any strict one)
          // refuses it, so it is the client's error here, not a failure further in.
          if (unit >= 0xdc00 && unit <= 0xdfff) fail("unpaired UTF-16 surrogate in a \\u escape");
          if (unit >= 0xd800 && unit <= 0xdbff) {
            const low = text[i + 6] === "\\" && text[i + 7] === "u" ? escapedUnit(text, i + 6) : -1;
            if (low < 0xdc00 || low > 0xdfff) fail("unpaired UTF-16 surrogate in a \\u escape");
            i += 6;
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail("invalid escape in string");
      } else i++;
    }
  };
  const number = () => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) fail("invalid number");
    i += m[0].length;
  };
  const value = (depth) => {
    skipWs();
    const ch = text[i];
    if (ch === "{" || ch === "[") {
      if (depth + 1 > maxDepth) fail(`nesting deeper than ${maxDepth} levels`);
      const close = ch === "{" ? "}" : "]";
      i++;
      skipWs();
      if (text[i] === close) return void i++;
      const names = close === "}" ? new Set() : null;
      for (;;) {
        if (names) {
          skipWs();
          if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe(text, i)}`);
          const nameStart = i;
          string();
          // Compared unescaped: "a" and "\u0061" are the same name.
          const name = JSON.parse(text.slice(nameStart, i));
          if (names.has(name)) fail(`duplicate member name ${JSON.stringify(name)}`, nameStart);
          names.add(name);
          skipWs();
          if (text[i] !== ":") fail(`expected ':' after property name, found ${describe(text, i)}`);
          i++;
        }
        value(depth + 1);
        skipWs();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === close) return void i++;
        fail(`expected ',' or '${close}', found ${describe(text, i)}`);
      }
    }
    if (ch === '"') return string();
    if (ch === "-" || (ch >= "0" && ch <= "9")) return number();
    if (ch === "t") return expectLiteral("true");
    if (ch === "f") return expectLiteral("false");
    if (ch === "n") return expectLiteral("null");
    fail(`unexpected ${describe(text, i)}`);
  };
  try {
    value(0);
    skipWs();
    if (i < text.length) fail(`unexpected ${describe(text, i)} after the JSON value`);
    return null;
  } catch (e) {
    if (typeof e?.offset !== "number") throw e;
    return { ...lineColumn(text, e.offset), offset: e.offset, message: e.message };
  }
}

/** The code unit of the \\uXXXX escape at `at`, or -1 when it is not four hex digits. */
function escapedUnit(text, at) {
  const digits = text.slice(at + 2, at + 6);
  return /^[0-9a-fA-F]{4}$/.test(digits) ? parseInt(digits, 16) : -1;
}

function describe(text, i) {
  if (i >= text.length) return "end of input";
  return `character ${JSON.stringify(text[i])}`;
}

function lineColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 0x0a) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
