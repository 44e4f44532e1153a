/**
 * Blackbook & Follows: the teams a customer follows (GET/POST/DELETE /api/account/follows). Their
 * events are listed first on /betting. Suggestions are the teams of the open events.
 */
import { Button, Callout, Flex, IconButton, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import type { FollowsResponse } from "../../../../../api/schemas/account.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { keys } from "../../../lib/query-keys.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { Field } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";

export function FollowsSection() {
  const follows = useQuery(customerQueries.follows());
  const events = useQuery(customerQueries.events({ status: "open", limit: 200 }));
  const client = useQueryClient();
  const toast = useToast();
  const [team, setTeam] = useState("");

  const teams = useMemo(() => {
    const set = new Set<string>();
    for (const e of events.data ?? []) if (e.sport !== "racing") set.add(e.homeTeam).add(e.awayTeam);
    return [...set].sort((a, b) => a.localeCompare(b));
  }, [events.data]);
  const followed = new Set(follows.data?.teams ?? []);

  const refresh = (res: FollowsResponse) => client.setQueryData(keys.follows, res);
  const follow = useMutation({
    mutationFn: (name: string) => apiSend<FollowsResponse>("POST", "/api/account/follows", { team: name }),
    onSuccess: (res, name) => {
      setTeam("");
      refresh(res);
      toast({ title: "Following", description: `${name}'s events now show first on the betting page.` });
    },
  });
  const unfollow = useMutation({
    mutationFn: (name: string) => apiSend<FollowsResponse>("DELETE", `/api/account/follows/${encodeURIComponent(name)}`),
    onSuccess: (res, name) => {
      refresh(res);
      toast({ title: "Unfollowed", description: `You no longer follow ${name}.` });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = team.trim();
    if (name && !follow.isPending) follow.mutate(name);
  };
  const suggestions = teams.filter((t) => !followed.has(t)).slice(0, 8);

  return (
    <Section id="follows" title="Blackbook & Follows" lead="Follow teams and their events are shown first on the betting page.">
      <Panel title="Teams you follow" testId="follows-list">
        {follows.isPending ? (
          <Skeleton height="40px" />
        ) : follows.isError ? (
          <Text color="red" size="2">{errorMessage(follows.error)}</Text>
        ) : follows.data.teams.length === 0 ? (
          <Text as="p" size="2" color="gray" data-testid="follows-empty">
            You are not following any teams yet.
          </Text>
        ) : (
          <ul className="acct-chips">
            {follows.data.teams.map((t) => (
              <li key={t} className="acct-chip" data-testid="followed-team">
                {t}
                <IconButton size="1" variant="ghost" radius="full" aria-label={`Unfollow ${t}`}
                  onClick={() => unfollow.mutate(t)} disabled={unfollow.isPending}>
                  ✕
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        {unfollow.isError && (
          <Text as="p" size="2" color="red" mt="2" role="alert">{errorMessage(unfollow.error)}</Text>
        )}
      </Panel>
      <Panel title="Follow a team">
        <form onSubmit={submit} data-testid="follow-form">
          <Flex direction="column" gap="3">
            {follow.isError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{errorMessage(follow.error)}</Callout.Text>
              </Callout.Root>
            )}
            <div className="acct-limit__edit">
              <Field id="follow-team" label="Team name" list="follow-teams" value={team} onChange={(e) => setTeam(e.target.value)}
                error={fieldErrors(follow.error).team} autoComplete="off" />
              <Button type="submit" size="3" loading={follow.isPending} disabled={!team.trim()} data-testid="follow-submit">
                Follow
              </Button>
            </div>
            <datalist id="follow-teams">
              {teams.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
            {suggestions.length > 0 && (
              <div>
                <Text as="p" size="1" color="gray" mb="2">
                  Teams playing soon
                </Text>
                <Flex gap="2" wrap="wrap">
                  {suggestions.map((t) => (
                    <Button key={t} type="button" size="1" variant="soft" onClick={() => follow.mutate(t)} disabled={follow.isPending}>
                      + {t}
                    </Button>
                  ))}
                </Flex>
              </div>
            )}
          </Flex>
        </form>
      </Panel>
    </Section>
  );
}
