/**
 * /sign-in: sign in to an existing account or register a new one (name, email, password, date of
 * birth). The browser only hints (required fields, 10+ characters, 18+); the server decides and its
 * messages are shown as they come, including throttling with the time to wait. After success the
 * browser goes to `next` (a path on this site) or where the server says.
 */
import { Button, Callout, Card, Flex, Heading, Link, Tabs, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { RegisterBody, SignInBody, SignInResponse } from "../../../../api/schemas/account.ts";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { errorMessage, fieldErrors, retryText } from "../../lib/form-errors.ts";
import { latestAdultBirthDate } from "../../lib/dates.ts";
import { safeNextPath } from "../../lib/next-path.ts";
import { Field } from "../form/field.tsx";
import { BrandMark } from "../public/brand-mark.tsx";
import "./auth.css";

const PASSWORD_MIN = 10;

function refusal(err: unknown): string {
  if (err instanceof ApiError && err.code === "AUTH.THROTTLED" && err.retryAfter !== null && !/try again/i.test(err.message)) {
    return `${err.message} Try again in ${retryText(err.retryAfter)}.`;
  }
  return errorMessage(err);
}

function go(res: SignInResponse, next: string | null) {
  window.location.assign(next ?? res.redirectTo ?? "/betting");
}

function SignInForm({ next }: { next: string | null }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const m = useMutation({
    mutationFn: (body: SignInBody) => apiSend<SignInResponse>("POST", "/api/auth/login", body),
    onSuccess: (res) => go(res, next),
  });
  const fields = fieldErrors(m.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!m.isPending) m.mutate({ email, password });
  };
  return (
    <form onSubmit={submit} aria-labelledby="signin-tab" data-testid="sign-in-form">
      <Flex direction="column" gap="4">
        {m.isError && (
          <Callout.Root color="red" role="alert" data-testid="sign-in-error">
            <Callout.Text>{refusal(m.error)}</Callout.Text>
          </Callout.Root>
        )}
        <Field id="signin-email" label="Email" type="email" autoComplete="email" required value={email}
          onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <Field id="signin-password" label="Password" type="password" autoComplete="current-password" required
          value={password} onChange={(e) => setPassword(e.target.value)} error={fields.password} />
        <Button size="3" type="submit" loading={m.isPending || m.isSuccess} data-testid="sign-in-submit">
          Sign in
        </Button>
      </Flex>
    </form>
  );
}

function RegisterForm({ next }: { next: string | null }) {
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "", dateOfBirth: "" });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const m = useMutation({
    mutationFn: (body: RegisterBody) => apiSend<SignInResponse>("POST", "/api/auth/register", body),
    onSuccess: (res) => go(res, next),
  });
  const fields = fieldErrors(m.error);
  const maxDob = latestAdultBirthDate();
  const tooShort = form.password.length > 0 && form.password.length < PASSWORD_MIN;
  const underage = form.dateOfBirth !== "" && form.dateOfBirth > maxDob;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!m.isPending) m.mutate(form);
  };
  return (
    // noValidate: the browser only hints (inline messages below); the server decides and says why.
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Flex direction="column" gap="4">
        {m.isError && (
          <Callout.Root color="red" role="alert" data-testid="register-error">
            <Callout.Text>{refusal(m.error)}</Callout.Text>
          </Callout.Root>
        )}
        <div className="f-grid">
          <Field id="reg-first" label="First name" autoComplete="given-name" required value={form.firstName}
            onChange={set("firstName")} error={fields.firstName} />
          <Field id="reg-last" label="Last name" autoComplete="family-name" required value={form.lastName}
            onChange={set("lastName")} error={fields.lastName} />
        </div>
        <Field id="reg-email" label="Email" type="email" autoComplete="email" required value={form.email}
          onChange={set("email")} error={fields.email} />
        <Field id="reg-password" label="Password" type="password" autoComplete="new-password" required
          minLength={PASSWORD_MIN} value={form.password} onChange={set("password")}
          hint={tooShort ? undefined : `At least ${PASSWORD_MIN} characters`}
          error={fields.password ?? (tooShort ? `At least ${PASSWORD_MIN} characters` : null)} />
        <Field id="reg-dob" label="Date of birth" type="date" autoComplete="bday" required max={maxDob}
          value={form.dateOfBirth} onChange={set("dateOfBirth")}
          hint={underage ? undefined : "You must be 18 or over to open an account."}
          error={fields.dateOfBirth ?? (underage ? "You must be 18 or over to open an account." : null)} />
        <Button size="3" type="submit" loading={m.isPending || m.isSuccess} data-testid="register-submit">
          Create account
        </Button>
        <Text as="p" size="1" color="gray">
          New accounts verify their identity from the account page before depositing or betting.
        </Text>
      </Flex>
    </form>
  );
}

export function SignInView({ user }: { user: CurrentUser | null | undefined }) {
  const params = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
  const next = safeNextPath(params.get("next"));
  const [tab, setTab] = useState(params.get("tab") === "register" ? "register" : "signin");

  return (
    <div className="au-page">
      <main className="au-main" id="main">
        <a href="/" className="au-brand" aria-label="BetPro home">
          <BrandMark size={36} />
        </a>
        <Card size="3" className="au-card">
          <Heading as="h1" size="6" mb="1">
            {tab === "register" ? "Create your account" : "Sign in to BetPro"}
          </Heading>
          <Text as="p" size="2" color="gray" mb="4">
            {tab === "register" ? "Open an account in a minute. 18+ only." : "Welcome back."}
          </Text>
          {user && (
            <Callout.Root color="blue" mb="4" data-testid="already-signed-in">
              <Callout.Text>
                You are signed in as {user.firstName} {user.lastName}.{" "}
                <Link href={next ?? (user.role === "customer" ? "/betting" : "/public")}>Continue</Link>
              </Callout.Text>
            </Callout.Root>
          )}
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List aria-label="Sign in or register" className="au-tabs">
              <Tabs.Trigger value="signin" id="signin-tab" data-testid="tab-sign-in">
                Sign in
              </Tabs.Trigger>
              <Tabs.Trigger value="register" id="register-tab" data-testid="tab-register">
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin" className="au-panel">
              <SignInForm next={next} />
            </Tabs.Content>
            <Tabs.Content value="register" className="au-panel">
              <RegisterForm next={next} />
            </Tabs.Content>
          </Tabs.Root>
        </Card>
        <Text as="p" size="2" color="gray" align="center" mt="4">
          Just looking? <Link href="/#demo">Try the demo</Link> or <Link href="/public">browse the sportsbook</Link>.
        </Text>
        <Text as="p" size="1" color="gray" align="center" mt="2">
          18+ only. Gamble responsibly.
        </Text>
      </main>
    </div>
  );
}
