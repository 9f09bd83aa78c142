// STUB (UI): replaces src/ui.ts (menu screens).
class Screen { constructor(..._a: any[]) {} update(..._a: any[]) {} parseUI(..._a: any[]) {} onControls(..._a: any[]) {} }
export class TextWindow extends Screen {}
export class HomeScreen extends Screen {}
export class OptionsScreen extends Screen {}
export class WinScreen extends Screen {}
export class DeadScreen extends Screen {}
export class StatsScreen extends Screen {}
export class AchievementsScreen extends Screen {}
export class MansionCompleteScreen extends Screen {}
export class HelpControls extends Screen {}
export class HelpKey extends Screen {}
export class DailyHubScreen extends Screen {}
export class CreditsScreen extends Screen {}
export class DevScreen extends Screen {}
