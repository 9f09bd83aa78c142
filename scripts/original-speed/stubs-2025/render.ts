// STUB (UI): replaces src/render.ts (WebGL renderer).
export class Renderer { constructor(..._a: any[]) {} }
