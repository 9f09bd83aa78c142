// STUB (UI): replaces src/achievements.ts. getAchievements() returns no achievements, so
// updateAchievements() iterates over nothing (achievements only record player feats; they do not feed back).
export type Achievements = any;
export class Achievement {}
export function getAchievements(): any { return {}; }
