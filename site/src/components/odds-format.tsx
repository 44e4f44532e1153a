/**
 * The customer's odds format (User Settings), applied to every price an island shows. The setting
 * comes with the signed-in user (GET /api/auth/user settings.oddsFormat); visitors see decimal.
 */
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { formatPrice, type OddsFormat } from "../lib/format.ts";
import { useCurrentUser } from "./betting/session.tsx";

const OddsFormatContext = createContext<OddsFormat>("decimal");

/** Provides the signed-in user's odds format to everything below it. */
export function UserOddsFormat({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const format = user?.settings?.oddsFormat ?? "decimal";
  return <OddsFormatContext.Provider value={format}>{children}</OddsFormatContext.Provider>;
}

/** A function that shows a price (decimal string or milli) in the customer's format. */
export function usePrice(): (odds: string | number) => string {
  const format = useContext(OddsFormatContext);
  return useCallback((odds: string | number) => formatPrice(odds, format), [format]);
}
