/**
 * "Under investigation" on a customer: while open, the customer's withdrawals are
 * refused (WALLET.UNDER_INVESTIGATION); opening and closing need a reason and are audited.
 */
import { Badge, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { InvestigationResponse } from "../../../../../api/schemas/payments-admin.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { useToast } from "../../toast.tsx";

export function InvestigationControl({ userId }: { userId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [reason, setReason] = useState("");
  const current = useQuery(adminQueries.userInvestigation(userId));
  const change = useMutation({
    mutationFn: (underInvestigation: boolean) =>
      apiSend<InvestigationResponse>("PUT", `/api/admin/users/${encodeURIComponent(userId)}/investigation`, { underInvestigation, reason }),
    onSuccess: (r) => {
      client.setQueryData(adminQueries.userInvestigation(userId).queryKey, r);
      setReason("");
      toast({ title: r.underInvestigation ? "Investigation opened" : "Investigation closed", description: r.underInvestigation ? "Withdrawals are on hold." : "Withdrawals are open again." });
    },
    onError: (e: Error) => toast({ title: "Could not change the investigation", description: e.message }),
  });
  const open = current.data?.underInvestigation ?? false;
  return (
    <Flex direction="column" gap="2" data-testid="investigation">
      <Flex gap="2" align="center">
        <Badge color={open ? "amber" : "gray"}>{open ? "Under investigation: withdrawals held" : "Not under investigation"}</Badge>
        {open && current.data?.reason && <Text size="1" color="gray">{current.data.reason}</Text>}
      </Flex>
      <Flex gap="2" align="center" wrap="wrap">
        <TextField.Root size="1" placeholder="Reason (audited)" aria-label="Reason for the investigation change" value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button size="1" variant="soft" color={open ? "green" : "amber"} disabled={change.isPending || reason.trim() === "" || current.isPending}
          onClick={() => change.mutate(!open)}>
          {open ? "Close investigation" : "Open investigation"}
        </Button>
      </Flex>
    </Flex>
  );
}
