/**
 * The create calls (POST /api/admin/fantasy/...): on success the spec's 'Success' toast and the
 * lists refreshed; on failure the spec's destructive 'Error' toast, and the server's reason kept
 * for the dialog to show.
 */
import type { QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { apiSend } from "../../../lib/api.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { keys } from "../../../lib/query-keys.ts";

export type Entity = "sport" | "league" | "contest" | "player";

const PATH: Record<Entity, string> = {
  sport: "/api/admin/fantasy/sports",
  league: "/api/admin/fantasy/leagues",
  contest: "/api/admin/fantasy/contests",
  player: "/api/admin/fantasy/players",
};

/** Lists refreshed after each create (sports too, for their league/contest/player counts). */
const REFRESH: Record<Entity, readonly QueryKey[]> = {
  sport: [keys.fantasySports],
  league: [keys.fantasyLeagues, keys.fantasySports],
  contest: [keys.fantasyContests, keys.fantasySports],
  player: [keys.fantasyPlayers, keys.fantasySports],
};

/** The product spec's error catalogue texts; the player texts follow the same pattern. */
export const CREATE_TEXT: Record<Entity, { ok: string; fail: string }> = {
  sport: { ok: "Fantasy sport created successfully", fail: "Failed to create fantasy sport" },
  league: { ok: "Fantasy league created successfully", fail: "Failed to create fantasy league" },
  contest: { ok: "Fantasy contest created successfully", fail: "Failed to create fantasy contest" },
  player: { ok: "Fantasy player added successfully", fail: "Failed to add fantasy player" },
};

export function useCreate<Body>(entity: Entity, onCreated: () => void) {
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useAdminMutation({
    request: (body: Body) => apiSend<unknown>("POST", PATH[entity], body),
    success: { title: "Success", description: CREATE_TEXT[entity].ok },
    onSuccess: () => onCreated(),
    failure: { title: "Error", description: CREATE_TEXT[entity].fail, variant: "destructive" },
    onError: (error) => setServerError(error.message),
    invalidate: REFRESH[entity],
  });
  const create = (body: Body) => {
    setServerError(null);
    mutation.mutate(body);
  };
  return { create, pending: mutation.isPending, serverError, clearError: () => setServerError(null) };
}
