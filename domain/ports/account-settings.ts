/** A customer's saved settings. */
import type { UserSettings } from "../accounts/settings.ts";

export interface AccountSettings {
  /** The user's settings, or the defaults when none were saved. */
  of(userId: string): Promise<UserSettings>;
  save(userId: string, settings: UserSettings, at: Date): Promise<void>;
}
