/** The reason code (a fixed list) and its text, for the dialogs that change a bet by hand. */
import { Select, TextArea } from "@radix-ui/themes";
import { Field } from "../form.tsx";
import { REASON_OPTIONS, type BetReasonCode } from "./bet-reason.ts";

export function ReasonCodeField({
  id,
  code,
  onCode,
  text,
  onText,
}: {
  id: string;
  code: BetReasonCode | "";
  onCode: (code: BetReasonCode) => void;
  text: string;
  onText: (text: string) => void;
}) {
  return (
    <>
      <Field id={`${id}-code`} label="Reason">
        <Select.Root value={code || undefined} onValueChange={(v) => onCode(v as BetReasonCode)}>
          <Select.Trigger id={`${id}-code`} placeholder="Choose a reason" aria-label="Reason" data-testid={`${id}-code`} />
          <Select.Content>
            {REASON_OPTIONS.map((o) => (
              <Select.Item key={o.value} value={o.value}>
                {o.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
      <Field id={`${id}-text`} label={code === "other" ? "Details (required)" : "Details"} hint="Kept in the audit trail">
        <TextArea id={`${id}-text`} maxLength={500} value={text} onChange={(e) => onText(e.target.value)} data-testid={`${id}-text`} />
      </Field>
    </>
  );
}
