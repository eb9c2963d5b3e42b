// @ts-check
/**
 * A Jest transformer (decision 0133): binds the built-in constructors a module names (`Object`, `Array`, `Symbol`, …)
 * to local variables at the top of the module, so that looking them up does not go through the test context's global
 * object. Jest runs every module inside a `vm` context, where each read of a global is answered by an interceptor:
 * about half a microsecond on Node 20, some hundred times a plain variable, which made drizzle's query building
 * (`Object.getPrototypeOf`, `Object.prototype.hasOwnProperty.call` per parameter) fifteen times slower under Jest
 * than in the app. The values are the context's own (`globalThis.Object` is what `Object` meant), so nothing changes
 * but the lookup. Globals Jest replaces during a test (Date and the timers under fake timers, `process`, `Buffer`)
 * are left alone. TypeScript and ES-module sources go through @swc/jest first (jest.config.js).
 */
const INTRINSICS = [
  'Object',
  'Array',
  'Symbol',
  'Reflect',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Number',
  'String',
  'Boolean',
  'Math',
  'JSON',
  'Function',
  'Error',
  'TypeError',
  'RangeError',
  'Uint8Array',
  'ArrayBuffer',
  'DataView',
  'BigInt',
  'RegExp',
  'Promise',
];
const PREFIX = `;var ${INTRINSICS.map((n) => `${n} = globalThis.${n}`).join(', ')};`;
/** A leading shebang, comments and a "use strict" directive stay first: the bindings go after them. */
const PROLOGUE = /^(?:#![^\n]*\n)?(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*(?:\n|$))*(?:(['"])use strict\1;?)?/;

/** @param {string} code */
function withLocalIntrinsics(code) {
  const head = PROLOGUE.exec(code)?.[0] ?? '';
  // The module's own declaration of one of these names (a `class Map`, a `let Symbol`) would clash: left as it is.
  const declares = new RegExp(`(?:^|[^.\\w$])(?:let|const|class|function)\\s+(?:${INTRINSICS.join('|')})\\b`);
  if (declares.test(code)) return code;
  // On the prologue's last line, so the module's line numbers (and its source map) stay as they were.
  return head + PREFIX + code.slice(head.length);
}

/**
 * @param {{ process: Function, getCacheKey?: Function } | undefined} inner a transformer to run first (swc), or none
 */
function create(inner) {
  const crypto = require('node:crypto');
  return {
    /** @type {(src: string, path: string, options: any) => { code: string, map?: any }} */
    process(src, path, options) {
      const out = inner ? inner.process(src, path, options) : { code: src };
      const code = typeof out === 'string' ? out : out.code;
      return { ...(typeof out === 'string' ? {} : out), code: withLocalIntrinsics(code) };
    },
    /** @type {(src: string, path: string, options: any) => string} */
    getCacheKey(src, path, options) {
      const innerKey = inner?.getCacheKey ? inner.getCacheKey(src, path, options) : src;
      return crypto.createHash('sha1').update(PREFIX).update(innerKey).update(path).digest('hex');
    },
  };
}

module.exports = {
  withLocalIntrinsics,
  /** @param {{ swc?: object }} [config] */
  createTransformer(config = {}) {
    const inner = config.swc ? require('@swc/jest').createTransformer(config.swc) : undefined;
    return create(inner);
  },
};
