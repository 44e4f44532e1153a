/**
 * Verification: step 1 sends name, date of birth and address to the verification provider
 * (POST /api/account/verification/basic -> basic); step 2 sends an identity document
 * (POST /api/account/verification/document -> full). The level is shown with the spec's mapping.
 */
import { Badge, Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type {
  BasicVerificationBody,
  DocumentType,
  DocumentVerificationBody,
  VerificationResponse,
} from "../../../../../api/schemas/account.ts";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { keys } from "../../../lib/query-keys.ts";
import { accountQueries } from "../../../lib/queries-account.ts";
import { latestAdultBirthDate } from "../../../lib/dates.ts";
import { Field, SelectField } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { LEVEL_ALLOWS, verificationDisplay, type Level } from "../kyc.ts";
import { Panel, Section } from "../section.tsx";

const DOCUMENTS: { value: DocumentType; label: string }[] = [
  { value: "passport", label: "Passport" },
  { value: "driving_licence", label: "Driving licence" },
  { value: "national_id", label: "National ID card" },
];

function useVerified() {
  const client = useQueryClient();
  const toast = useToast();
  return (res: VerificationResponse) => {
    client.setQueryData<CurrentUser | null>(keys.currentUser, (u) => (u ? { ...u, verificationLevel: res.verificationLevel } : u));
    void client.invalidateQueries({ queryKey: keys.currentUser });
    void client.invalidateQueries({ queryKey: keys.account });
    toast({ title: "Verification Updated", description: `Your verification level is now ${res.verificationLevel}.` });
  };
}

function BasicForm({ user }: { user: CurrentUser }) {
  const account = useQuery(accountQueries.account());
  const onDone = useVerified();
  const [form, setForm] = useState({
    firstName: user.firstName, lastName: user.lastName, dateOfBirth: "", addressLine1: "", city: "", postcode: "", country: "Australia",
  });
  const dob = account.data?.user.dateOfBirth;
  useEffect(() => {
    if (dob) setForm((f) => (f.dateOfBirth ? f : { ...f, dateOfBirth: dob }));
  }, [dob]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const send = useMutation({
    mutationFn: (body: BasicVerificationBody) => apiSend<VerificationResponse>("POST", "/api/account/verification/basic", body),
    onSuccess: onDone,
  });
  const fields = fieldErrors(send.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!send.isPending) send.mutate(form);
  };
  return (
    <form onSubmit={submit} data-testid="verify-basic-form">
      <Flex direction="column" gap="4">
        {send.isError && (
          <Callout.Root color="red" role="alert" data-testid="verify-basic-error">
            <Callout.Text>{errorMessage(send.error)}</Callout.Text>
          </Callout.Root>
        )}
        <div className="f-grid">
          <Field id="kyc-first" label="First name" autoComplete="given-name" required value={form.firstName} onChange={set("firstName")} error={fields.firstName} />
          <Field id="kyc-last" label="Last name" autoComplete="family-name" required value={form.lastName} onChange={set("lastName")} error={fields.lastName} />
          <Field id="kyc-dob" label="Date of birth" type="date" autoComplete="bday" required max={latestAdultBirthDate()} value={form.dateOfBirth}
            onChange={set("dateOfBirth")} error={fields.dateOfBirth} />
          <Field id="kyc-country" label="Country" autoComplete="country-name" required value={form.country} onChange={set("country")} error={fields.country} />
          <div className="f-wide">
            <Field id="kyc-line1" label="Street address" autoComplete="address-line1" required value={form.addressLine1}
              onChange={set("addressLine1")} error={fields.addressLine1} />
          </div>
          <Field id="kyc-city" label="City or suburb" autoComplete="address-level2" required value={form.city} onChange={set("city")} error={fields.city} />
          <Field id="kyc-postcode" label="Postcode" autoComplete="postal-code" required value={form.postcode} onChange={set("postcode")} error={fields.postcode} />
        </div>
        <div className="acct-actions">
          <Button type="submit" size="3" loading={send.isPending} data-testid="verify-basic-submit">
            Verify my details
          </Button>
        </div>
      </Flex>
    </form>
  );
}

function DocumentForm() {
  const onDone = useVerified();
  const [documentType, setType] = useState<DocumentType>("passport");
  const [documentNumber, setNumber] = useState("");
  const send = useMutation({
    mutationFn: (body: DocumentVerificationBody) => apiSend<VerificationResponse>("POST", "/api/account/verification/document", body),
    onSuccess: onDone,
  });
  const fields = fieldErrors(send.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!send.isPending) send.mutate({ documentType, documentNumber });
  };
  return (
    <form onSubmit={submit} data-testid="verify-document-form">
      <Flex direction="column" gap="4">
        {send.isError && (
          <Callout.Root color="red" role="alert" data-testid="verify-document-error">
            <Callout.Text>{errorMessage(send.error)}</Callout.Text>
          </Callout.Root>
        )}
        <div className="f-grid">
          <SelectField id="kyc-doc-type" label="Document" options={DOCUMENTS} value={documentType}
            onChange={(e) => setType(e.target.value as DocumentType)} />
          <Field id="kyc-doc-number" label="Document number" required value={documentNumber} onChange={(e) => setNumber(e.target.value)}
            hint="5 to 20 letters and digits, as printed on the document" error={fields.documentNumber} />
        </div>
        <div className="acct-actions">
          <Button type="submit" size="3" loading={send.isPending} data-testid="verify-document-submit">
            Submit document
          </Button>
        </div>
      </Flex>
    </form>
  );
}

export function VerificationSection({ user }: { user: CurrentUser }) {
  const level = user.verificationLevel as Level;
  const account = useQuery(accountQueries.account());
  const shown = verificationDisplay(level, account.data?.user.verificationLevel === level ? account.data.user.verificationStatus : undefined);
  return (
    <Section id="verification" title="Verification" lead="We verify every customer's identity before money moves.">
      <Panel testId="verification-status">
        <Flex align="center" gap="3" wrap="wrap">
          <Text weight="medium">Status</Text>
          <Badge size="2" color={shown.color} data-testid="verification-status-badge">
            {shown.label}
          </Badge>
          <Text size="2" color="gray" data-testid="verification-level">
            Level: {level}
          </Text>
        </Flex>
        <Text as="p" size="2" mt="2" color="gray">
          {LEVEL_ALLOWS[level] ?? LEVEL_ALLOWS.none}
        </Text>
      </Panel>
      <Panel title="Step 1 · Your details">
        {level === "none" ? (
          <BasicForm user={user} />
        ) : (
          <Text as="p" size="2" color="green">
            ✓ Your name, date of birth and address have been verified.
          </Text>
        )}
      </Panel>
      <Panel title="Step 2 · Identity document">
        {level === "full" ? (
          <Text as="p" size="2" color="green">
            ✓ Your identity document has been verified.
          </Text>
        ) : level === "basic" ? (
          <DocumentForm />
        ) : (
          <Text as="p" size="2" color="gray">
            Complete step 1 first.
          </Text>
        )}
      </Panel>
    </Section>
  );
}
