/**
 * Mobile ("Mobile optimisation"): the current width, a device-size switcher
 * (375 / 768 / 1024), a sample mobile UI, touch guidance and fixed performance figures.
 */
import { Badge, Button, Card, Flex, Grid, Heading, SegmentedControl, Tabs, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { SampleNotice, SectionFrame } from "../ui.tsx";
import { formatDollars, formatMoney } from "../../../lib/format.ts";

const WIDTHS = [375, 768, 1024] as const;
const MENU = ["Home", "Browse Sports", "Live Betting", "My Bets", "Account", "Settings"];
const TABS = ["Home", "Sports", "Live", "Bets", "Account"];
const SPORTS = ["Football", "Basketball", "Baseball", "Soccer"];
const QUICK_STAKES = [10, 25, 50, 100];
const PERF = [
  ["Load time", "1.2s"],
  ["First paint", "0.8s"],
  ["Bundle size", "245KB"],
  ["Score", "94/100"],
] as const;
const CHECKLIST = ["Responsive images", "Lazy loading", "Touch-friendly buttons", "Offline support", "PWA ready"];

function deviceOf(width: number): string {
  return width < 640 ? "Mobile" : width < 1024 ? "Tablet" : "Desktop";
}

export default function MobileSection() {
  const [width, setWidth] = useState(() => (typeof window === "undefined" ? 1280 : window.innerWidth));
  const [preview, setPreview] = useState<(typeof WIDTHS)[number]>(375);
  const [menuOpen, setMenuOpen] = useState(false);
  const [stake, setStake] = useState(10);
  const [tab, setTab] = useState("Home");

  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  return (
    <SectionFrame id="mobile" title="Mobile" description="Mobile Experience">
      <SampleNotice what="mobile screens, matches and performance figures on this screen" />
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <Text size="2" data-testid="current-width">
          Current width: <strong>{width}px</strong> ({deviceOf(width)})
        </Text>
        <SegmentedControl.Root value={String(preview)} onValueChange={(v) => setPreview(Number(v) as (typeof WIDTHS)[number])} aria-label="Preview width">
          {WIDTHS.map((w) => (
            <SegmentedControl.Item key={w} value={String(w)}>
              {w}px
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      <Tabs.Root defaultValue="ui">
        <Tabs.List aria-label="Mobile experience views">
          <Tabs.Trigger value="ui">Mobile UI</Tabs.Trigger>
          <Tabs.Trigger value="touch">Touch Targets</Tabs.Trigger>
          <Tabs.Trigger value="nav">Navigation</Tabs.Trigger>
          <Tabs.Trigger value="perf">Performance</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ui">
          <div className="adm-phone-wrap">
            <div className="adm-phone" style={{ width: Math.min(preview, 1024) }} data-testid="mobile-preview">
              <Flex justify="between" align="center" className="adm-phone__bar">
                <Button size="2" variant="ghost" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)} aria-label="Sample menu">
                  ☰
                </Button>
                <Text weight="bold">BetPro</Text>
                <Badge color="green">$1,000.00</Badge>
              </Flex>
              {menuOpen && (
                <ul className="adm-phone__menu">
                  {MENU.map((m) => (
                    <li key={m}>
                      <Text size="2">{m}</Text>
                    </li>
                  ))}
                </ul>
              )}
              <div className="adm-phone__body">
                <Heading as="h2" size="2" mb="2">
                  Popular sports
                </Heading>
                <Grid columns="2" gap="2">
                  {SPORTS.map((s) => (
                    <Card key={s} size="1">
                      <Text size="2">{s}</Text>
                    </Card>
                  ))}
                </Grid>
                <Heading as="h2" size="2" my="2">
                  Live matches
                </Heading>
                <Card size="1">
                  <Flex justify="between">
                    <Text size="2">Celtic 1 – 0 Rangers</Text>
                    <Badge color="red">67'</Badge>
                  </Flex>
                </Card>
                <Heading as="h2" size="2" my="2">
                  Quick actions
                </Heading>
                <Flex gap="2">
                  <Button size="2" variant="soft">Today's Games</Button>
                  <Button size="2" variant="soft">Trending</Button>
                </Flex>
                <Heading as="h2" size="2" my="2">
                  Bet slip
                </Heading>
                <Card size="1">
                  <Text as="div" size="2">
                    Celtic to win @ 1.75
                  </Text>
                  <Flex gap="2" mt="2" wrap="wrap">
                    {QUICK_STAKES.map((q) => (
                      <Button key={q} size="2" variant={stake === q ? "solid" : "soft"} onClick={() => setStake(q)}>
                        {formatDollars(q)}
                      </Button>
                    ))}
                  </Flex>
                  <Text as="div" size="1" color="gray" mt="2">
                    Potential win {formatMoney(Math.round(stake * 175))}
                  </Text>
                </Card>
              </div>
              <nav className="adm-phone__tabs" aria-label="Sample bottom tab bar">
                {TABS.map((t) => (
                  <button key={t} type="button" className={tab === t ? "is-active" : ""} onClick={() => setTab(t)} aria-pressed={tab === t}>
                    {t}
                  </button>
                ))}
              </nav>
            </div>
          </div>
        </Tabs.Content>
        <Tabs.Content value="touch">
          <Grid columns={{ initial: "1", md: "3" }} gap="3" mt="3">
            {(
              [
                ["Minimum", "44px", "Smallest touch target on mobile."],
                ["Recommended", "48px", "Preferred size for primary actions."],
                ["Spacing", "8px", "Gap between adjacent targets."],
              ] as const
            ).map(([label, value, hint]) => (
              <Card key={label} size="2">
                <Text as="div" size="1" color="gray">
                  {label}
                </Text>
                <Text as="div" size="6" weight="bold">
                  {value}
                </Text>
                <Text size="1" color="gray">
                  {hint}
                </Text>
              </Card>
            ))}
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="nav">
          <Grid columns={{ initial: "1", md: "2" }} gap="3" mt="3">
            <Card size="2">
              <Heading as="h2" size="3" mb="2">
                Hamburger menu
              </Heading>
              <ul className="adm-list">
                {MENU.map((m) => (
                  <li key={m}>
                    <Text size="2">{m}</Text>
                  </li>
                ))}
              </ul>
            </Card>
            <Card size="2">
              <Heading as="h2" size="3" mb="2">
                Bottom tab bar
              </Heading>
              <ul className="adm-list">
                {TABS.map((m) => (
                  <li key={m}>
                    <Text size="2">{m}</Text>
                  </li>
                ))}
              </ul>
            </Card>
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="perf">
          <Grid columns={{ initial: "2", md: "4" }} gap="3" mt="3">
            {PERF.map(([label, value]) => (
              <Card key={label} size="2">
                <Text as="div" size="1" color="gray">
                  {label}
                </Text>
                <Text as="div" size="6" weight="bold">
                  {value}
                </Text>
              </Card>
            ))}
          </Grid>
          <Card size="2" mt="3">
            <Heading as="h2" size="3" mb="2">
              Checklist
            </Heading>
            <ul className="adm-list">
              {CHECKLIST.map((c) => (
                <li key={c}>
                  <Text size="2">✓ {c}</Text>
                </li>
              ))}
            </ul>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
