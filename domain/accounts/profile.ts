/** What an account holds beyond the User record: the identity details verification collected. */
export interface Address {
  line1: string;
  city: string;
  postcode: string;
  country: string;
}

export interface AccountProfile {
  /** YYYY-MM-DD, given at registration (and confirmed by basic verification). */
  dateOfBirth: string | null;
  address: Address | null;
}

/** "Jack" "Thompson" -> "J. T.": how other customers' bets are shown in public activity. */
export function initialsOf(firstName: string, lastName: string): string {
  const initial = (s: string) => {
    const ch = [...s.trim()][0];
    return ch ? `${ch.toUpperCase()}.` : "";
  };
  return [initial(firstName), initial(lastName)].filter(Boolean).join(" ") || "A punter";
}

/** Emails are compared and stored in lower case, without surrounding spaces. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
