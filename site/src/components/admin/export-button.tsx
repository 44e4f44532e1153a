import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { useToast } from "../toast.tsx";
import { DownloadIcon } from "./icons.tsx";

/**
 * An Export button: builds the CSV from what the screen shows (the rows passed in) and downloads
 * it. `rows` may be a function for data read at click time.
 */
export function ExportButton({
  label = "Export",
  onExport,
  disabled,
  testId,
  variant = "soft",
}: {
  label?: string;
  onExport: () => number | Promise<number>;
  disabled?: boolean;
  testId?: string;
  variant?: "soft" | "outline" | "surface";
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      color="gray"
      loading={busy}
      disabled={disabled}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          const n = await onExport();
          toast({ title: "Export ready", description: `${n} ${n === 1 ? "row" : "rows"} written to CSV.` });
        } catch (e) {
          toast({ title: "Export failed", description: (e as Error).message, variant: "destructive" });
        } finally {
          setBusy(false);
        }
      }}
    >
      <DownloadIcon /> {label}
    </Button>
  );
}
