/**
 * User Settings (PUT /api/account/settings): odds format (applied to every price the site shows),
 * what placement does when a price has changed, and the reality-check interval.
 */
import { Button, Callout, Flex, RadioCards, Text } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { OddsFormat, PriceChangePolicy, SettingsBody, UserSettings } from "../../../../../api/schemas/account.ts";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatPrice } from "../../../lib/format.ts";
import { SelectField } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";
import { keys } from "../../../lib/query-keys.ts";

const DEFAULTS: UserSettings = { oddsFormat: "decimal", priceChangePolicy: "refuse", realityCheckMinutes: 60 };

const FORMATS: { value: OddsFormat; label: string }[] = [
  { value: "decimal", label: "Decimal" },
  { value: "fractional", label: "Fractional" },
  { value: "american", label: "American" },
];

const POLICIES: { value: PriceChangePolicy; label: string; text: string }[] = [
  { value: "refuse", label: "Refuse any change", text: "Your bet is refused if any price moved; you confirm the new one." },
  { value: "accept_higher", label: "Accept higher odds", text: "Placed at the new price when it is better for you." },
  { value: "accept_any", label: "Accept any odds", text: "Placed at the current price, higher or lower." },
];

export const REALITY_CHECK_OPTIONS = [
  { value: "0", label: "Off" },
  { value: "30", label: "Every 30 minutes" },
  { value: "60", label: "Every 60 minutes" },
  { value: "90", label: "Every 90 minutes" },
  { value: "120", label: "Every 120 minutes" },
] as const;

/** Saves settings and updates the cached user, so every island's prices follow at once. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => apiSend<UserSettings>("PUT", "/api/account/settings", body),
    onSuccess: (saved, body) => {
      client.setQueryData<CurrentUser | null>(keys.currentUser, (u) =>
        u ? { ...u, settings: { ...(u.settings ?? DEFAULTS), ...body, ...(saved && typeof saved === "object" ? saved : {}) } } : u,
      );
      void client.invalidateQueries({ queryKey: keys.currentUser });
      void client.invalidateQueries({ queryKey: keys.account });
      void client.invalidateQueries({ queryKey: keys.responsible });
    },
  });
}

export function SettingsSection({ user }: { user: CurrentUser }) {
  const current = user.settings ?? DEFAULTS;
  const [form, setForm] = useState<UserSettings>(current);
  const save = useSaveSettings();
  const toast = useToast();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, { onSuccess: () => toast({ title: "Settings Saved", description: "Your preferences have been updated." }) });
  };
  const example = 2500;
  return (
    <Section id="settings" title="User Settings" lead="How prices are shown and what happens when they move.">
      <form onSubmit={submit} data-testid="settings-form">
        <Panel title="Odds format">
          <RadioCards.Root
            value={form.oddsFormat}
            onValueChange={(v) => setForm((f) => ({ ...f, oddsFormat: v as OddsFormat }))}
            columns={{ initial: "1", sm: "3" }}
            aria-label="Odds format"
          >
            {FORMATS.map((f) => (
              <RadioCards.Item key={f.value} value={f.value} data-testid={`odds-format-${f.value}`}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{f.label}</Text>
                  <Text size="1" color="gray">
                    e.g. {formatPrice(example, f.value)}
                  </Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Panel>
        <Panel title="When a price changes before your bet is placed">
          <RadioCards.Root
            value={form.priceChangePolicy}
            onValueChange={(v) => setForm((f) => ({ ...f, priceChangePolicy: v as PriceChangePolicy }))}
            columns={{ initial: "1", sm: "3" }}
            aria-label="Price changes"
          >
            {POLICIES.map((p) => (
              <RadioCards.Item key={p.value} value={p.value} data-testid={`policy-${p.value}`}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{p.label}</Text>
                  <Text size="1" color="gray">
                    {p.text}
                  </Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Panel>
        <Panel title="Reality check">
          <SelectField
            id="settings-reality"
            label="Remind me how long I have been playing"
            options={REALITY_CHECK_OPTIONS}
            value={String(form.realityCheckMinutes)}
            onChange={(e) => setForm((f) => ({ ...f, realityCheckMinutes: Number(e.target.value) as UserSettings["realityCheckMinutes"] }))}
            hint="A reminder shows your time since sign-in and your net result for the session."
          />
        </Panel>
        {save.isError && (
          <Callout.Root color="red" role="alert" mt="4">
            <Callout.Text>{errorMessage(save.error)}</Callout.Text>
          </Callout.Root>
        )}
        <div className="acct-actions" style={{ marginTop: 16 }}>
          <Button type="submit" size="3" loading={save.isPending} data-testid="settings-save">
            Save settings
          </Button>
        </div>
      </form>
    </Section>
  );
}
