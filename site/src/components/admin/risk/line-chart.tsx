/** A small dependency-free SVG line chart for the risk monitor (two or more series over time). */
import { Flex, Text } from "@radix-ui/themes";

export type Series = { name: string; color: string; values: number[] };

export function chartPath(values: readonly number[], width: number, height: number, max: number): string {
  if (values.length === 0) return "";
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = Math.round(i * step * 10) / 10;
      const y = Math.round((height - (max > 0 ? (v / max) * height : 0)) * 10) / 10;
      return `${i === 0 ? "M" : "L"}${x},${y}`;
    })
    .join(" ");
}

export function LineChart({
  title,
  labels,
  series,
  format,
  height = 160,
}: {
  title: string;
  labels: string[];
  series: Series[];
  format: (v: number) => string;
  height?: number;
}) {
  const width = 600;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const desc = series.map((s) => `${s.name} now ${format(s.values[s.values.length - 1] ?? 0)}, peak ${format(Math.max(0, ...s.values))}`).join("; ");
  return (
    <figure className="adm-chart">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={`${title}: ${desc}`} className="adm-chart__svg">
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} x1="0" x2={width} y1={height * f} y2={height * f} className="adm-chart__grid" />
        ))}
        {series.map((s) => (
          <path key={s.name} d={chartPath(s.values, width, height - 2, max)} fill="none" stroke={s.color} strokeWidth="2" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <Flex justify="between" mt="1">
        <Text size="1" color="gray">
          {labels[0] ?? ""}
        </Text>
        <Text size="1" color="gray">
          peak {format(max)}
        </Text>
        <Text size="1" color="gray">
          {labels[labels.length - 1] ?? ""}
        </Text>
      </Flex>
      <figcaption>
        <Flex gap="3" mt="1" wrap="wrap">
          {series.map((s) => (
            <Flex key={s.name} align="center" gap="1">
              <span className="adm-chart__key" style={{ background: s.color }} aria-hidden="true" />
              <Text size="1">{s.name}</Text>
            </Flex>
          ))}
        </Flex>
      </figcaption>
    </figure>
  );
}
