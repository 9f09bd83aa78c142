// UI stub for src/render.ts: a WebGL renderer that draws nothing.
export class Renderer {
    constructor(canvas, tileSet, fontTileSet) { this.tileSet = tileSet; this.fontTileSet = fontTileSet; }
    getScreenSize(s) { s[0] = 800; s[1] = 600; }
    beginFrame() {}
    start() {}
    addGlyph() {}
    flush() {}
}
