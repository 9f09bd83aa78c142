// UI stub for src/tilesets.ts: tile sets without images.
function empty(name) {
    return { name, imageSrc: '', image: {}, tileSize: [16, 16], cellSize: [16, 16], offset: [0, 0],
        terrainTiles: [], itemTiles: [], guardStateTiles: [], npcTiles: [], playerTiles: [], ledgeTiles: [],
        unlitTile: { textureIndex: 0 }, flattenTexture: false, letterMap: [] };
}
export function getTileSet(name) { return empty(name); }
export function getFontTileSet(name) { return empty(name); }
