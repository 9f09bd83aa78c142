// STUB (UI): replaces src/controllers.ts (keyboard/touch/gamepad input). The harness calls the move functions directly.
export let lastController: any = null;
export type Controller = any;
export type TouchTargets = any;
export class Rect extends Array<number> {}
export class TouchController { constructor(..._a: any[]) {} clearMotion() {} endFrame() {} }
export class GamepadManager { gamepads: any = {}; updateGamepadStates() {} }
export class KeyboardController { endFrame() {} }
