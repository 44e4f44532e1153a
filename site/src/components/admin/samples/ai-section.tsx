/**
 * AI Insights ("AI picks"): illustrative. Picks drift every 30 s (odds up to 0.05
 * either way, confidence clamped 50..95, as the product spec has it). Add to Slip collects picks in a local
 * sample slip; nothing is sent to the server.
 */
import { Badge, Button, Card, Flex, Grid, Heading, Progress, Tabs, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useToast } from "../../toast.tsx";
import { ComingSoon, SampleNotice, SectionFrame } from "../ui.tsx";
import { formatDollars, formatMoney } from "../../../lib/format.ts";

type Pick = {
  id: string;
  title: string;
  description: string;
  sport: string;
  market: string;
  selection: string;
  odds: number;
  confidence: number;
  reasoning: string[];
  suggestedStake: number;
  riskLevel: "low" | "medium" | "high";
  aiScore: number;
  matchTime: string;
  tags: string[];
};

const PICKS: Pick[] = [
  {
    id: "ai_1", title: "Home side value in the derby", description: "Model price shorter than the market after team news.",
    sport: "Soccer", market: "Match Result", selection: "Arsenal", odds: 2.1, confidence: 78,
    reasoning: ["Unbeaten in 8 at home", "Opponent missing two starting defenders", "xG difference +0.9 over last 5"],
    suggestedStake: 50, riskLevel: "low", aiScore: 88, matchTime: "Sat 15:00", tags: ["Value", "Form"],
  },
  {
    id: "ai_2", title: "Overs in a high-tempo clash", description: "Both teams rank top 5 for pace.",
    sport: "Basketball", market: "Total Points", selection: "Over 221.5", odds: 1.91, confidence: 71,
    reasoning: ["Combined pace 103.4", "Weak interior defence on both sides", "Last 4 meetings went over"],
    suggestedStake: 40, riskLevel: "medium", aiScore: 81, matchTime: "Sun 11:30", tags: ["Totals"],
  },
  {
    id: "ai_3", title: "Underdog on clay", description: "Surface record outweighs ranking gap.",
    sport: "Tennis", market: "Match Winner", selection: "Ruud", odds: 2.6, confidence: 63,
    reasoning: ["Clay win rate 74%", "Opponent 2-5 on clay this season"],
    suggestedStake: 25, riskLevel: "high", aiScore: 72, matchTime: "Mon 20:00", tags: ["Underdog", "Surface"],
  },
  {
    id: "ai_4", title: "Handicap cover for the favourite", description: "Margin of victory model favours -1.5.",
    sport: "Rugby", market: "Handicap", selection: "Storm -6.5", odds: 1.95, confidence: 69,
    reasoning: ["Average winning margin 12.3", "Opponent on a 6-day turnaround"],
    suggestedStake: 30, riskLevel: "medium", aiScore: 77, matchTime: "Fri 19:50", tags: ["Handicap"],
  },
];

const TRENDS = [
  { id: "t1", title: "Money moving to home favourites", description: "Stakes on home favourites up 18% week on week.", confidence: 82, category: "Betting volume", impact: "positive", timeframe: "7 days" },
  { id: "t2", title: "Overs under-priced in basketball", description: "Totals closed above the opening line in 64% of games.", confidence: 74, category: "Pricing", impact: "negative", timeframe: "14 days" },
  { id: "t3", title: "Steady tennis handle", description: "No material shift in tennis volumes.", confidence: 58, category: "Betting volume", impact: "neutral", timeframe: "30 days" },
] as const;

const IMPACT_COLOR = { positive: "green", negative: "red", neutral: "gray" } as const;
const RISK_COLOR = { low: "green", medium: "yellow", high: "red" } as const;

function drift(picks: Pick[]): Pick[] {
  return picks.map((p) => {
    const odds = Math.max(1.01, Math.round((p.odds + (Math.random() * 0.1 - 0.05)) * 100) / 100);
    const confidence = Math.min(95, Math.max(50, Math.round(p.confidence + (Math.random() * 4 - 2))));
    return { ...p, odds, confidence };
  });
}

export default function AiSection() {
  const [picks, setPicks] = useState(PICKS);
  const [selected, setSelected] = useState<string | null>(PICKS[0].id);
  const [slip, setSlip] = useState<string[]>([]);
  const toast = useToast();

  useEffect(() => {
    const t = window.setInterval(() => setPicks((p) => drift(p)), 30_000);
    return () => window.clearInterval(t);
  }, []);

  const detail = picks.find((p) => p.id === selected) ?? null;

  return (
    <SectionFrame id="ai" title="AI Insights" description="AI-Powered Insights">
      <SampleNotice what="picks, trends and scores on this screen" />
      <Tabs.Root defaultValue="picks">
        <Tabs.List aria-label="AI insight views">
          <Tabs.Trigger value="picks">AI Picks</Tabs.Trigger>
          <Tabs.Trigger value="trends">Market Trends</Tabs.Trigger>
          <Tabs.Trigger value="insights">Insights</Tabs.Trigger>
          <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="picks">
          <div className="adm-split">
            <Flex direction="column" gap="3">
              <Text size="1" color="gray">
                Sample slip: {slip.length} {slip.length === 1 ? "pick" : "picks"}
              </Text>
              {picks.map((p) => (
                <Card key={p.id} size="2" className={`adm-pick ${selected === p.id ? "is-selected" : ""}`}>
                  <Flex justify="between" gap="3" wrap="wrap">
                    <div>
                      <Flex gap="2" align="center" wrap="wrap">
                        <Badge variant="soft">{p.sport}</Badge>
                        <Badge color={RISK_COLOR[p.riskLevel]} variant="soft">
                          {p.riskLevel} risk
                        </Badge>
                        <Text size="1" color="gray">
                          {p.matchTime}
                        </Text>
                      </Flex>
                      <Heading as="h2" size="3" mt="2">
                        {p.title}
                      </Heading>
                      <Text as="p" size="2" color="gray">
                        {p.market}: <strong>{p.selection}</strong> @ {p.odds.toFixed(2)}
                      </Text>
                    </div>
                    <Flex direction="column" align="end" gap="2">
                      <Text size="1" color="gray">
                        Confidence {p.confidence}%
                      </Text>
                      <Flex gap="2">
                        <Button size="2" variant="soft" color="gray" onClick={() => setSelected(p.id)} aria-pressed={selected === p.id}>
                          Details
                        </Button>
                        <Button
                          size="2"
                          disabled={slip.includes(p.id)}
                          onClick={() => {
                            setSlip((s) => [...s, p.id]);
                            toast({ title: "Added to sample slip", description: `${p.selection} @ ${p.odds.toFixed(2)} (sample pick, no bet placed).` });
                          }}
                        >
                          {slip.includes(p.id) ? "In Slip" : "Add to Slip"}
                        </Button>
                      </Flex>
                    </Flex>
                  </Flex>
                </Card>
              ))}
            </Flex>
            {detail && (
              <Card size="2" className="adm-detail" aria-live="polite">
                <Heading as="h2" size="3">
                  {detail.title}
                </Heading>
                <Text as="p" size="2" color="gray" mb="3">
                  {detail.description}
                </Text>
                <Text size="1" color="gray">
                  AI score {detail.aiScore}/100
                </Text>
                <Progress value={detail.aiScore} aria-label="AI score" my="2" />
                <Text as="div" size="2" weight="medium" mt="2">
                  Reasoning
                </Text>
                <ul className="adm-list">
                  {detail.reasoning.map((r) => (
                    <li key={r}>
                      <Text size="2">{r}</Text>
                    </li>
                  ))}
                </ul>
                <Grid columns="2" gap="2" mt="3">
                  <Text size="2">Suggested stake: {formatDollars(detail.suggestedStake)}</Text>
                  <Text size="2">Potential return: {formatMoney(Math.round(detail.suggestedStake * detail.odds * 100))}</Text>
                </Grid>
                <Flex gap="1" mt="3" wrap="wrap">
                  {detail.tags.map((t) => (
                    <Badge key={t} color="gray">
                      {t}
                    </Badge>
                  ))}
                </Flex>
              </Card>
            )}
          </div>
        </Tabs.Content>
        <Tabs.Content value="trends">
          <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="3" mt="3">
            {TRENDS.map((t) => (
              <Card key={t.id} size="2">
                <Flex justify="between" gap="2">
                  <Badge color={IMPACT_COLOR[t.impact]} variant="soft">
                    {t.impact}
                  </Badge>
                  <Text size="1" color="gray">
                    {t.timeframe}
                  </Text>
                </Flex>
                <Heading as="h2" size="3" mt="2">
                  {t.title}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {t.description}
                </Text>
                <Text size="1" color="gray">
                  {t.category} · confidence {t.confidence}%
                </Text>
              </Card>
            ))}
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="insights">
          <ComingSoon what="Insights" />
        </Tabs.Content>
        <Tabs.Content value="performance">
          <ComingSoon what="Performance tracking" />
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
