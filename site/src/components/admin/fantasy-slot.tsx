/**
 * Fantasy Sports: another team builds site/src/components/admin/fantasy/*. Its
 * <FantasyManagement /> is rendered when fantasy/fantasy-management.tsx exists in the build;
 * otherwise this section says plainly that fantasy management is not available yet.
 * import.meta.glob matches nothing (an empty object) when the file is absent, so the build
 * never breaks on a missing module.
 */
import { lazy, Suspense, type ComponentType } from "react";
import { sectionById } from "./sections.ts";
import { RowsSkeleton } from "./ui.tsx";
import { UnavailableSection } from "./unavailable-section.tsx";

type FantasyModule = { FantasyManagement?: ComponentType; default?: ComponentType };

const found = import.meta.glob<FantasyModule>("./fantasy/fantasy-management.tsx");
const load = Object.values(found)[0];

const FantasyManagement = load
  ? lazy(async () => {
      const mod = await load();
      const Component = mod.FantasyManagement ?? mod.default;
      if (!Component) throw new Error("fantasy-management.tsx exports no FantasyManagement component");
      return { default: Component };
    })
  : null;

export const fantasyAvailable = FantasyManagement !== null;

export default function FantasySlot({ onBack }: { onBack: () => void }) {
  if (!FantasyManagement) {
    return (
      <UnavailableSection
        section={sectionById("fantasy")}
        onBack={onBack}
        message="Fantasy management is not available in this build yet."
      />
    );
  }
  // FantasyManagement renders its own section (data-testid="section-fantasy").
  return (
    <Suspense fallback={<RowsSkeleton rows={4} height="60px" />}>
      <FantasyManagement />
    </Suspense>
  );
}
