/**
 * /sign-in: sign in to an existing account or register a new one (name, email, password, date of
 * birth). The browser only hints (required fields, 10+ characters, 18+); the server decides and its
 * messages are shown as they come, including throttling with the time to wait. After success the
 * browser goes to `next` (a path on this site) or where the server says.
 */
import { welcomeHref } from "../session/verify-pointer.tsx";
import { Button, Callout, Card, Flex, Heading, Link, Tabs, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
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

/** What the browser can say before sending: empty or clearly wrong fields (the server checks again). */
export function registerProblems(form: { firstName: string; lastName: string; email: string; password: string; dateOfBirth: string }) {
  const out: Partial<Record<keyof typeof form, string>> = {};
  if (!form.firstName.trim()) out.firstName = "Enter your first name";
  if (!form.lastName.trim()) out.lastName = "Enter your last name";
  if (!form.email.trim()) out.email = "Enter your email address";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) out.email = "Enter an email address like name@example.com";
  if (form.password.length < PASSWORD_MIN) out.password = `At least ${PASSWORD_MIN} characters`;
  if (!form.dateOfBirth) out.dateOfBirth = "Enter your date of birth";
  return out;
}

function refusal(err: unknown): string {
  // A refused form names its fields beside them; the banner says only that.
  if (err instanceof ApiError && err.code === "REQUEST.INVALID" && Object.keys(fieldErrors(err)).length > 0)
    return "Some details need correcting: see the fields below.";
  if (err instanceof ApiError && err.code === "AUTH.THROTTLED" && err.retryAfter !== null && !/try again/i.test(err.message)) {
    return `${err.message} Try again in ${retryText(err.retryAfter)}.`;
  }
  return errorMessage(err);
}

/**
 * False in the server's HTML and until React has taken the form over. The submit buttons wait for
 * it: clicked earlier, the browser would submit the form itself, reloading the page without `next`.
 */
function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
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
  const live = useLive();
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
        <Button size="3" type="submit" disabled={!live} loading={m.isPending || m.isSuccess} data-testid="sign-in-submit">
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
    // The destination opens with a welcome and the next step (verify your identity).
    onSuccess: (res) => window.location.assign(welcomeHref(next ?? res.redirectTo ?? "/betting")),
  });
  const server = fieldErrors(m.error);
  const live = useLive();
  const maxDob = latestAdultBirthDate();
  // Checked in the browser first: an empty or clearly wrong form is not sent (and so not counted
  // against the hour's registrations). Messages show once the field was left or on submit.
  const [tried, setTried] = useState(false);
  const problems = registerProblems(form);
  // Under 18 is the server's decision (422, said in the banner); the field says it already.
  const underage = form.dateOfBirth !== "" && form.dateOfBirth > maxDob;
  const shown = (k: keyof typeof form) =>
    server[k] ?? (tried || (k === "password" && form.password.length > 0) || (k === "dateOfBirth" && form.dateOfBirth !== "") ? problems[k] ?? null : null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    if (!m.isPending) m.mutate(form);
  };
  const passwordError = shown("password");
  const dobError = shown("dateOfBirth") ?? (underage ? "You must be 18 or over to open an account." : null);
  return (
    // noValidate: the browser's own bubbles are replaced by the messages below; the server decides.
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Flex direction="column" gap="4">
        {m.isError && (
          <Callout.Root color="red" role="alert" data-testid="register-error">
            <Callout.Text>{refusal(m.error)}</Callout.Text>
          </Callout.Root>
        )}
        <div className="f-grid">
          <Field id="reg-first" label="First name" autoComplete="given-name" required value={form.firstName}
            onChange={set("firstName")} error={shown("firstName")} />
          <Field id="reg-last" label="Last name" autoComplete="family-name" required value={form.lastName}
            onChange={set("lastName")} error={shown("lastName")} />
        </div>
        <Field id="reg-email" label="Email" type="email" autoComplete="email" required value={form.email}
          onChange={set("email")} error={shown("email")} />
        <Field id="reg-password" label="Password" type="password" autoComplete="new-password" required
          minLength={PASSWORD_MIN} value={form.password} onChange={set("password")}
          hint={passwordError ? undefined : `At least ${PASSWORD_MIN} characters`}
          error={passwordError} />
        <Field id="reg-dob" label="Date of birth" type="date" autoComplete="bday" required max={maxDob}
          value={form.dateOfBirth} onChange={set("dateOfBirth")}
          hint={dobError ? undefined : "You must be 18 or over to open an account."}
          error={dobError} />
        <Button size="3" type="submit" disabled={!live} loading={m.isPending || m.isSuccess} data-testid="register-submit">
          Create account
        </Button>
        {(m.isPending || m.isSuccess) && (
          <Text as="p" size="2" role="status" data-testid="register-progress">
            {m.isSuccess ? "Your account is ready: taking you in…" : "Creating your account: checking your details and opening your wallet…"}
          </Text>
        )}
        <Text as="p" size="1" color="gray">
          New accounts verify their identity from the account page before depositing or betting.
        </Text>
      </Flex>
    </form>
  );
}

export function SignInView({ user }: { user: CurrentUser | null | undefined }) {
  // The address is read after hydration: the server-rendered page has no query string, and reading
  // it during the first render made the two disagree (React error #418 on ?tab=register).
  const [next, setNext] = useState<string | null>(null);
  const [tab, setTab] = useState("signin");
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setNext(safeNextPath(params.get("next")));
    if (params.get("tab") === "register") setTab("register");
  }, []);

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
                <Link href={next ?? (user.role === "customer" ? "/betting" : "/admin")}>Continue</Link>
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
