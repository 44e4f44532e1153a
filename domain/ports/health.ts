/** Whether the database answers, for the liveness probe and the operators' system view. */

export type DatabaseKind = "file" | "memory" | "remote";

export interface DatabaseCheck {
  /** The database answered a trivial query. */
  ok: boolean;
  kind: DatabaseKind;
  /** How long the query took, in ms to two decimals (also when it failed). */
  roundTripMs: number;
}

export interface Health {
  /** Never throws: a database that does not answer is `ok: false`. */
  checkDatabase(): Promise<DatabaseCheck>;
}
