/**
 * Signed-out visitors who press ENTER (or CREATE CONTEST) are asked to sign in or try the demo. The
 * demo button signs in as the demo customer (POST /api/demo/login) and stays on /fantasy.
 */
import { Button, Dialog, Flex, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { DemoLoginResponse } from "../../../../api/schemas/auth.ts";
import { apiSend } from "../../lib/api.ts";
import { useToast } from "../toast.tsx";
import { keys } from "../../lib/query-keys.ts";

export function SignInDialog({ open, onOpenChange, reason }: { open: boolean; onOpenChange: (o: boolean) => void; reason: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function tryDemo() {
    setPending(true);
    try {
      const res = await apiSend<DemoLoginResponse>("POST", "/api/demo/login", { role: "customer" });
      toast({ title: "Demo Login Successful", description: `Welcome, ${res.user.firstName}! You can now enter contests.` });
      await queryClient.invalidateQueries({ queryKey: keys.currentUser });
      onOpenChange(false);
    } catch (error) {
      toast({ title: "Demo Login Failed", description: (error as Error).message || "Something went wrong", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="420px" className="fx-dialog" data-testid="sign-in-dialog">
        <Dialog.Title>Sign in to play</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {reason}
        </Dialog.Description>
        <Text as="p" size="2" mt="3" color="gray">
          Entry fees are paid from your wallet. The demo customer account comes with demo credits, so you can try a
          contest straight away.
        </Text>
        <Flex direction={{ initial: "column", xs: "row" }} gap="2" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button variant="outline" onClick={() => void tryDemo()} disabled={pending} data-testid="try-demo">
            {pending ? "Signing in..." : "Try the demo"}
          </Button>
          <Button asChild>
            <a href="/api/login?next=/fantasy" data-testid="sign-in-link">
              Log in
            </a>
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
