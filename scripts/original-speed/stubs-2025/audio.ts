// STUB (UI): replaces src/audio.ts. No sound; nothing here feeds back into game logic.
export const Howler = { volume(_v?: number) {}, mute(_m?: boolean) {}, stop() {} };
export class ActiveHowlPool { empty() {} setFadetime(_t?: number) {} fade() {} queue() {} }
export class HowlGroup { play(..._a: any[]): number { return 0; } next(): any { return null; } }
export class SubtitledHowlGroup { mute = false; play(..._a: any[]): any { return { subtitle: '', sound: null }; } next(): any { return { subtitle: '' }; } }
export type Howls = { [id: string]: any };
export type SubtitledHowls = { [id: string]: any };
export function setupSounds(..._a: any[]) {}
