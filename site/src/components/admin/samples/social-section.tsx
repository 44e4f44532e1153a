/**
 * Community: illustrative social feed, tipsters and leaderboard. Local only:
 * likes and follows change on screen, nothing is sent to the server.
 */
import { Avatar, Badge, Button, Card, Flex, Grid, SegmentedControl, Table, Tabs, Text } from "@radix-ui/themes";
import { useState } from "react";
import { SampleNotice, SectionFrame } from "../ui.tsx";
import { formatDollars } from "../../../lib/format.ts";

type Tier = "diamond" | "gold" | "silver" | "bronze";
const TIER_COLOR: Record<Tier, "cyan" | "amber" | "gray" | "brown"> = { diamond: "cyan", gold: "amber", silver: "gray", bronze: "brown" };

const POSTS = [
  { id: "p1", user: "AcePunter", bet: { selection: "Man City to win", odds: 1.85, stake: 50 }, caption: "Home form too strong to ignore.", likes: 42, comments: 8, timestamp: "12 min ago", isLiked: false, isFollowing: true },
  { id: "p2", user: "CourtVision", bet: { selection: "Lakers +4.5", odds: 1.91, stake: 25 }, caption: "Points start looks generous tonight.", likes: 17, comments: 3, timestamp: "40 min ago", isLiked: true, isFollowing: false },
  { id: "p3", user: "TheFormGuide", bet: { selection: "Winx Lad each way", odds: 6.5, stake: 10 }, caption: "Wide draw, strong closer.", likes: 9, comments: 1, timestamp: "2 h ago", isLiked: false, isFollowing: false },
];

const TIPSTERS: { id: string; username: string; verified: boolean; tier: Tier; followers: number; winRate: number; roi: number; streak: number; totalTips: number; specialties: string[] }[] = [
  { id: "t1", username: "AcePunter", verified: true, tier: "diamond", followers: 12840, winRate: 61, roi: 14.2, streak: 6, totalTips: 842, specialties: ["Soccer", "Tennis"] },
  { id: "t2", username: "CourtVision", verified: true, tier: "gold", followers: 6120, winRate: 57, roi: 9.8, streak: 3, totalTips: 515, specialties: ["Basketball"] },
  { id: "t3", username: "TheFormGuide", verified: false, tier: "silver", followers: 2210, winRate: 52, roi: 6.1, streak: 2, totalTips: 390, specialties: ["Racing"] },
  { id: "t4", username: "LateMail", verified: false, tier: "bronze", followers: 640, winRate: 49, roi: 2.4, streak: 0, totalTips: 122, specialties: ["Cricket", "Rugby"] },
];

const LEADERBOARD = {
  weekly: [
    { rank: 1, username: "CourtVision", profit: 1240, winRate: 66, streak: 5, tier: "gold" as Tier },
    { rank: 2, username: "AcePunter", profit: 980, winRate: 60, streak: 6, tier: "diamond" as Tier },
    { rank: 3, username: "LateMail", profit: 410, winRate: 55, streak: 2, tier: "bronze" as Tier },
  ],
  monthly: [
    { rank: 1, username: "AcePunter", profit: 5320, winRate: 62, streak: 6, tier: "diamond" as Tier },
    { rank: 2, username: "TheFormGuide", profit: 2890, winRate: 54, streak: 2, tier: "silver" as Tier },
    { rank: 3, username: "CourtVision", profit: 2410, winRate: 57, streak: 3, tier: "gold" as Tier },
  ],
  alltime: [
    { rank: 1, username: "AcePunter", profit: 48210, winRate: 61, streak: 6, tier: "diamond" as Tier },
    { rank: 2, username: "CourtVision", profit: 21940, winRate: 57, streak: 3, tier: "gold" as Tier },
    { rank: 3, username: "TheFormGuide", profit: 9870, winRate: 52, streak: 2, tier: "silver" as Tier },
  ],
};

export default function SocialSection() {
  const [posts, setPosts] = useState(POSTS);
  const [period, setPeriod] = useState<keyof typeof LEADERBOARD>("monthly");

  return (
    <SectionFrame id="social" title="Community" description="Community Management">
      <SampleNotice what="posts, tipsters and leaderboard figures on this screen" />
      <Tabs.Root defaultValue="feed">
        <Tabs.List aria-label="Community views">
          <Tabs.Trigger value="feed">Social Feed</Tabs.Trigger>
          <Tabs.Trigger value="tipsters">Top Tipsters</Tabs.Trigger>
          <Tabs.Trigger value="leaderboard">Leaderboard</Tabs.Trigger>
          <Tabs.Trigger value="contests">Contests</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="feed">
          <Flex direction="column" gap="3" mt="3" style={{ maxWidth: 720 }}>
            {posts.map((p) => (
              <Card key={p.id} size="2">
                <Flex justify="between" align="center" gap="2">
                  <Flex gap="2" align="center">
                    <Avatar size="2" fallback={p.user[0]} radius="full" />
                    <div>
                      <Text as="div" size="2" weight="medium">
                        {p.user}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {p.timestamp}
                      </Text>
                    </div>
                  </Flex>
                  <Button
                    size="1"
                    variant={p.isFollowing ? "soft" : "solid"}
                    onClick={() => setPosts((xs) => xs.map((x) => (x.id === p.id ? { ...x, isFollowing: !x.isFollowing } : x)))}
                  >
                    {p.isFollowing ? "Following" : "Follow"}
                  </Button>
                </Flex>
                <Card variant="surface" my="2">
                  <Text size="2">
                    {p.bet.selection} @ {p.bet.odds.toFixed(2)} · stake {formatDollars(p.bet.stake)}
                  </Text>
                </Card>
                <Text as="p" size="2">
                  {p.caption}
                </Text>
                <Flex gap="3" mt="2" align="center">
                  <Button
                    size="1"
                    variant="ghost"
                    aria-pressed={p.isLiked}
                    onClick={() =>
                      setPosts((xs) => xs.map((x) => (x.id === p.id ? { ...x, isLiked: !x.isLiked, likes: x.likes + (x.isLiked ? -1 : 1) } : x)))
                    }
                  >
                    {p.isLiked ? "Liked" : "Like"} · {p.likes}
                  </Button>
                  <Text size="1" color="gray">
                    {p.comments} comments
                  </Text>
                </Flex>
              </Card>
            ))}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="tipsters">
          <Grid columns={{ initial: "1", sm: "2", lg: "4" }} gap="3" mt="3">
            {TIPSTERS.map((t) => (
              <Card key={t.id} size="2">
                <Flex gap="2" align="center" mb="2">
                  <Avatar size="3" fallback={t.username[0]} radius="full" />
                  <div>
                    <Text as="div" size="2" weight="medium">
                      {t.username} {t.verified && <Badge color="green">Verified</Badge>}
                    </Text>
                    <Badge color={TIER_COLOR[t.tier]} variant="soft">
                      {t.tier}
                    </Badge>
                  </div>
                </Flex>
                <Grid columns="2" gap="1">
                  <Text size="1" color="gray">Followers</Text>
                  <Text size="1">{t.followers.toLocaleString("en-AU")}</Text>
                  <Text size="1" color="gray">Win rate</Text>
                  <Text size="1">{t.winRate}%</Text>
                  <Text size="1" color="gray">ROI</Text>
                  <Text size="1">{t.roi}%</Text>
                  <Text size="1" color="gray">Streak</Text>
                  <Text size="1">{t.streak}</Text>
                  <Text size="1" color="gray">Tips</Text>
                  <Text size="1">{t.totalTips}</Text>
                </Grid>
                <Text as="div" size="1" color="gray" mt="2">
                  {t.specialties.join(", ")}
                </Text>
              </Card>
            ))}
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="leaderboard">
          <Flex mt="3" mb="3">
            <SegmentedControl.Root value={period} onValueChange={(v) => setPeriod(v as keyof typeof LEADERBOARD)} aria-label="Leaderboard period">
              <SegmentedControl.Item value="weekly">Weekly</SegmentedControl.Item>
              <SegmentedControl.Item value="monthly">Monthly</SegmentedControl.Item>
              <SegmentedControl.Item value="alltime">All Time</SegmentedControl.Item>
            </SegmentedControl.Root>
          </Flex>
          <Table.Root variant="surface" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Rank</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Profit</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Streak</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Tier</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {LEADERBOARD[period].map((r) => (
                <Table.Row key={r.rank}>
                  <Table.RowHeaderCell>#{r.rank}</Table.RowHeaderCell>
                  <Table.Cell>{r.username}</Table.Cell>
                  <Table.Cell>{formatDollars(r.profit)}</Table.Cell>
                  <Table.Cell>{r.winRate}%</Table.Cell>
                  <Table.Cell>{r.streak}</Table.Cell>
                  <Table.Cell>
                    <Badge color={TIER_COLOR[r.tier]} variant="soft">
                      {r.tier}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Tabs.Content>
        <Tabs.Content value="contests">
          <Card size="2" mt="3">
            <Text size="2" color="gray">
              Community contests are a placeholder in this release.
            </Text>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
