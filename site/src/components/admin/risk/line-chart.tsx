/** A small dependency-free SVG line chart for the risk monitor (two or more series over time). */
import { Flex, Text } from "@radix-ui/themes";
import { formatLocal } from "../../../lib/local-time.ts";
import { timeTicks, valueTicks } from "./chart-axes.ts";

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

/**
 * The chart with labelled axes: local times (the date where a day starts) along the
 * bottom, values in the chart's units up the side, and a visually hidden table of every point for
 * screen readers.
 */
export function LineChart({
  title,
  times,
  series,
  format,
  valueLabel,
  height = 160,
}: {
  title: string;
  /** ISO instants of the points, oldest first. */
  times: string[];
  series: Series[];
  format: (v: number) => string;
  /** The value axis title with its unit, e.g. "Amount ($)". */
  valueLabel: string;
  height?: number;
}) {
  const width = 600;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const desc = series.map((s) => `${s.name} now ${format(s.values[s.values.length - 1] ?? 0)}, peak ${format(Math.max(0, ...s.values))}`).join("; ");
  const xTicks = timeTicks(times);
  const span = times.length > 0 ? `from ${formatLocal(times[0], "when")} to ${formatLocal(times[times.length - 1], "when")} local time` : "no points";
  return (
    <figure className="adm-chart">
      <Text as="div" size="1" color="gray" className="adm-chart__axis-title" aria-hidden="true">
        {valueLabel}
      </Text>
      <div className="adm-chart__plot">
        <div className="adm-chart__y" style={{ height }} aria-hidden="true">
          {valueTicks(max).map((t) => (
            <span key={t.at} className="adm-chart__ytick adm-num" style={{ bottom: `${t.at * 100}%` }}>
              {format(t.value)}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={`${title}, ${span}: ${desc}`} className="adm-chart__svg" style={{ height }}>
          {[0.25, 0.5, 0.75].map((f) => (
            <line key={f} x1="0" x2={width} y1={height * f} y2={height * f} className="adm-chart__grid" />
          ))}
          {series.map((s) => (
            <path key={s.name} d={chartPath(s.values, width, height - 2, max)} fill="none" stroke={s.color} strokeWidth="2" vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
      </div>
      <div className="adm-chart__x" aria-hidden="true" data-testid="chart-time-axis">
        {xTicks.map((t, i) => (
          <span
            key={t.index}
            className={`adm-chart__xtick adm-num${i === 0 ? " is-first" : ""}${i === xTicks.length - 1 && i > 0 ? " is-last" : ""}`}
            style={{ left: `${t.at * 100}%` }}
          >
            {t.time}
            {t.date && <span className="adm-chart__date">{t.date}</span>}
          </span>
        ))}
      </div>
      <Text as="div" size="1" color="gray" align="center" aria-hidden="true">
        Local time
      </Text>
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
      <table className="adm-sr">
        <caption>
          {title}: {valueLabel} by local time
        </caption>
        <thead>
          <tr>
            <th scope="col">Time (local)</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((at, i) => (
            <tr key={at}>
              <th scope="row">{formatLocal(at, "when")}</th>
              {series.map((s) => (
                <td key={s.name}>{format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
