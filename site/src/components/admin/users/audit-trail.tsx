/**
 * The audit trail: every admin or trader change (who, what, before, after, when) from
 * GET /api/admin/audit, filtered by actor, entity type, entity, action and date range.
 */
import { Button, Card, Flex, Grid, Select, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { AuditRecord } from "../../../../../api/schemas/audit.ts";
import { adminQueries, type AuditFilter } from "../../../lib/queries-admin.ts";
import { exportCsv } from "../csv.ts";
import { Field } from "../form.tsx";
import { EmptyState, ErrorNote, ExportButton, RowsSkeleton, TableScroll } from "../ui.tsx";
import { jsonPreview, ActionBadge, BeforeAfter } from "./audit-view.tsx";
import { LocalTime } from "../../local-time.tsx";

const ENTITY_TYPES = ["all", "user", "event", "market", "outcome", "bet", "fraud_alert", "task", "bulk_operation", "trading_alert", "customer"] as const;

type Draft = { actorId: string; entityType: string; entityId: string; action: string; from: string; to: string };
const EMPTY: Draft = { actorId: "", entityType: "all", entityId: "", action: "", from: "", to: "" };

function toFilter(d: Draft): AuditFilter {
  const f: AuditFilter = { limit: 200 };
  if (d.actorId.trim()) f.actorId = d.actorId.trim();
  if (d.entityType !== "all") f.entityType = d.entityType;
  if (d.entityId.trim()) f.entityId = d.entityId.trim();
  if (d.action.trim()) f.action = d.action.trim();
  if (d.from) f.from = new Date(`${d.from}T00:00:00`).toISOString();
  if (d.to) f.to = new Date(`${d.to}T23:59:59.999`).toISOString();
  return f;
}

export function AuditTrail({ initialEntityId }: { initialEntityId?: string }) {
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, entityId: initialEntityId ?? "" });
  const [filter, setFilter] = useState<AuditFilter>(() => toFilter({ ...EMPTY, entityId: initialEntityId ?? "" }));
  const audit = useQuery(adminQueries.audit(filter));
  const rows = audit.data ?? [];

  useEffect(() => {
    if (initialEntityId) {
      const d = { ...EMPTY, entityId: initialEntityId };
      setDraft(d);
      setFilter(toFilter(d));
    }
  }, [initialEntityId]);

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilter(toFilter(draft));
  }
  const set = (k: keyof Draft, v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <Flex direction="column" gap="3" data-testid="audit-trail">
      <Card size="2">
        <form onSubmit={apply}>
          <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="3">
            <Field id="au-actor" label="Actor (user id)">
              <TextField.Root id="au-actor" value={draft.actorId} onChange={(e) => set("actorId", e.target.value)} placeholder="usr_…" />
            </Field>
            <Field id="au-type" label="Entity type">
              <Select.Root value={draft.entityType} onValueChange={(v) => set("entityType", v)}>
                <Select.Trigger id="au-type" aria-label="Entity type" />
                <Select.Content>
                  {ENTITY_TYPES.map((t) => (
                    <Select.Item key={t} value={t}>
                      {t === "all" ? "All types" : t}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Field>
            <Field id="au-entity" label="Entity id">
              <TextField.Root id="au-entity" value={draft.entityId} onChange={(e) => set("entityId", e.target.value)} data-testid="audit-entity-input" />
            </Field>
            <Field id="au-action" label="Action" hint="Exact, or a prefix ending in '.' such as market.">
              <TextField.Root id="au-action" value={draft.action} onChange={(e) => set("action", e.target.value)} />
            </Field>
            <Field id="au-from" label="From">
              <TextField.Root id="au-from" type="date" value={draft.from} onChange={(e) => set("from", e.target.value)} />
            </Field>
            <Field id="au-to" label="To">
              <TextField.Root id="au-to" type="date" value={draft.to} onChange={(e) => set("to", e.target.value)} />
            </Field>
          </Grid>
          <Flex gap="2" mt="3" justify="end" wrap="wrap">
            <Button
              type="button"
              variant="soft"
              color="gray"
              onClick={() => {
                setDraft(EMPTY);
                setFilter(toFilter(EMPTY));
              }}
            >
              Clear
            </Button>
            <ExportButton
              label="Export Audit"
              testId="export-audit"
              onExport={() =>
                exportCsv<AuditRecord>(
                  "audit",
                  [
                    ["at", (r) => r.at],
                    ["actor_id", (r) => r.actorId],
                    ["actor_name", (r) => r.actorName],
                    ["actor_role", (r) => r.actorRole],
                    ["action", (r) => r.action],
                    ["entity_type", (r) => r.entityType],
                    ["entity_id", (r) => r.entityId],
                    ["before", (r) => jsonPreview(r.before)],
                    ["after", (r) => jsonPreview(r.after)],
                  ],
                  rows,
                )
              }
            />
            <Button type="submit" data-testid="audit-apply">
              Apply Filters
            </Button>
          </Flex>
        </form>
      </Card>
      <ErrorNote what="the audit trail" error={audit.error} />
      <Text size="1" color="gray">
        {audit.data ? `${rows.length} ${rows.length === 1 ? "record" : "records"}${rows.length >= 200 ? " (newest 200)" : ""}` : " "}
      </Text>
      {audit.isPending ? (
        <RowsSkeleton rows={4} />
      ) : rows.length === 0 ? (
        <EmptyState title="No audit records found" hint="Try adjusting the filters" />
      ) : (
        <TableScroll label="Audit trail table">
          <Table.Root size="1" variant="surface" data-testid="audit-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Entity</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid={`audit-${r.id}`}>
                  <Table.Cell className="adm-nowrap"><LocalTime value={r.at} /></Table.Cell>
                  <Table.Cell>
                    <Text as="div" size="2">
                      {r.actorName ?? r.actorId ?? "system"}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {r.actorRole}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <ActionBadge action={r.action} />
                  </Table.Cell>
                  <Table.Cell>
                    <Text as="div" size="1" color="gray">
                      {r.entityType}
                    </Text>
                    <Text as="div" size="1" className="adm-mono">
                      {r.entityId}
                    </Text>
                  </Table.Cell>
                  <Table.Cell className="adm-audit-change">
                    <BeforeAfter before={r.before} after={r.after} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Flex>
  );
}
