// A headless stand-in for the browser the original game expects: a window, a document with a canvas that
// draws nothing, local storage, images that never load. Imported before the bundle, so the modules' top-
// level code finds them. Nothing here touches the generator.
const store = new Map();
const canvas = { clientWidth: 800, clientHeight: 600, width: 800, height: 600, addEventListener() {}, getContext() { return null; } };
globalThis.window = globalThis;
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => { store.set(k, String(v)); },
  removeItem: (k) => { store.delete(k); },
  clear: () => store.clear(),
};
globalThis.document = {
  querySelector: () => canvas,
  getElementById: () => canvas,
  createElement: () => ({ getContext() { return null; }, style: {} }),
  body: { addEventListener() {} },
  addEventListener() {},
};
globalThis.addEventListener = () => {};
globalThis.focus = () => {};
globalThis.Image = class { constructor() { this.onload = null; this.onerror = null; this.src = ''; } };
globalThis.requestAnimationFrame = () => 0;
globalThis.screen = { orientation: { unlock() {} } };
globalThis.ResizeObserver = class { observe() {} };
globalThis.setTimeout = () => 0;
