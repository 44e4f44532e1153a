/** /fraud-monitoring: the Fraud Detection & Monitoring screen on its own page. */
import { IslandShell } from "../components/island-shell.tsx";
import { StandaloneScreen } from "../components/admin/standalone-screen.tsx";
import { FraudMonitoring } from "../components/admin/fraud/fraud-section.tsx";

export default function FraudMonitoringPage() {
  return (
    <IslandShell>
      <StandaloneScreen title="Fraud Detection & Monitoring" signedOutMessage="Please log in to access fraud monitoring.">
        <FraudMonitoring />
      </StandaloneScreen>
    </IslandShell>
  );
}
