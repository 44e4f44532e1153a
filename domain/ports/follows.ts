/** The teams a customer follows. */
export interface Follows {
  teamsOf(userId: string): Promise<string[]>;
  /** The exact team name as the events spell it (case-insensitive match), or null if no event has it. */
  knownTeam(name: string): Promise<string | null>;
  follow(userId: string, team: string, at: Date): Promise<void>;
  unfollow(userId: string, team: string): Promise<void>;
}
