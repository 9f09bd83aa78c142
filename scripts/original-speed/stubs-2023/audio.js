// UI stub for src/audio.ts: no sound is ever loaded or played, and nothing here draws from Math.random
// (the original's HowlGroup shuffles its sound list with Math.random; those draws are sound-only).
export const Howler = { mute() {}, volume() { return 1; } };
export class ActiveHowlPool { empty() { return this; } queue() { return this; } fade() { return this; } setFadetime() { return this; } }
export class HowlGroup { play() { return 0; } next() { return null; } }
export class SubtitledHowlGroup { constructor() { this.mute = false; } play() { return null; } next() { return null; } }
export function setupSounds() {}
