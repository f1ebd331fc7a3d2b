// The console's charts, drawn by uPlot (a small canvas chart library bundled with the console): time along x, bars or
// lines per series, a second axis on the right for a second unit. A canvas says nothing to a screen reader, so every
// chart carries its figures twice: a table (visually hidden, read by screen readers) and, once uPlot has drawn them,
// the points it drew as JSON in `data-drawn` (what the browser tests compare with the records).
import { useEffect, useRef } from 'preact/hooks';
import './locale-guard';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = {
  label: string;
  values: Array<number | null>;
  color: string;
  /** Bars (a count per step of x); a line otherwise. */
  bars?: boolean;
  /** On the right-hand axis (the chart's second unit). */
  right?: boolean;
  dash?: boolean;
  /** How the table and the legend write a value; whole numbers with separators by default. */
  format?: (v: number) => string;
};

/** A column of the table only (figures the chart does not draw). */
export type ChartColumn = { label: string; values: Array<number | null>; format?: (v: number) => string };

export type ChartProps = {
  testId: string;
  title: string;
  /** The table's first column: what one x is (Day, Hour, Time). */
  xLabel: string;
  /** Unix seconds, ascending. */
  x: number[];
  xText: (t: number) => string;
  series: ChartSeries[];
  extraColumns?: ChartColumn[];
  /** The axes' units. */
  leftUnit: string;
  rightUnit?: string;
  /** Seconds between two x of a bar chart: the first and last bars get their whole width. */
  step?: number;
  /** The time axis in UTC (days counted in UTC) rather than the browser's time zone. */
  utc?: boolean;
  height?: number;
};

const plain = (v: number) => v.toLocaleString('en', { maximumFractionDigits: 2 });
const cell = (v: number | null, format = plain) => (v === null || v === undefined ? '—' : format(v));

/** Bars of one series beside those of the other (at most two bar series side by side; one is centred). */
const barsOf = (index: number, count: number) =>
  uPlot.paths.bars!({ size: count > 1 ? [0.4, 40] : [0.7, 60], align: count > 1 ? (index === 0 ? -1 : 1) : 0 });

const optionsOf = (p: ChartProps, width: number, onDrawn: (u: uPlot) => void): uPlot.Options => {
  const barSeries = p.series.filter((s) => s.bars);
  const half = p.step ? p.step / 2 : 0;
  return {
    width,
    height: p.height ?? 200,
    ...(p.utc ? { tzDate: (t: number) => uPlot.tzDate(new Date(t * 1000), 'Etc/UTC') } : {}),
    scales: {
      x: { time: true, range: (_u, min, max) => [min - half, max + half] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      ...(p.rightUnit ? { right: { range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(1, max)] } } : {}),
    },
    axes: [
      {},
      { label: p.leftUnit, size: 60 },
      ...(p.rightUnit ? [{ scale: 'right', side: 1, label: p.rightUnit, size: 60, grid: { show: false } } as uPlot.Axis] : []),
    ],
    series: [
      { label: p.xLabel, value: (_u, t) => (t == null ? '—' : p.xText(t)) },
      ...p.series.map(
        (s): uPlot.Series => ({
          label: s.label,
          stroke: s.color,
          width: s.bars ? 0 : 2,
          fill: s.bars ? s.color : undefined,
          dash: s.dash ? [6, 4] : undefined,
          scale: s.right ? 'right' : 'y',
          paths: s.bars ? barsOf(barSeries.indexOf(s), barSeries.length) : undefined,
          points: { show: !s.bars && s.values.length < 60 },
          value: (_u, v) => cell(v, s.format),
        }),
      ),
    ],
    legend: { live: true },
    hooks: { draw: [onDrawn] },
  };
};

export const Chart = (p: ChartProps) => {
  const plot = useRef<HTMLDivElement>(null);
  // Drawn again when the figures change, not on every render of the page around it.
  const figures = JSON.stringify([p.x, p.series.map((s) => s.values)]);
  useEffect(() => {
    const el = plot.current;
    if (!el) return;
    const data: uPlot.AlignedData = [p.x, ...p.series.map((s) => s.values)];
    const u = new uPlot(
      optionsOf(p, el.clientWidth || 600, (drawn) => (el.dataset.drawn = JSON.stringify(drawn.data))),
      data,
      el,
    );
    const resized = new ResizeObserver(() => {
      if (el.clientWidth && el.clientWidth !== u.width) u.setSize({ width: el.clientWidth, height: u.height });
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      u.destroy();
      delete el.dataset.drawn;
    };
  }, [figures, p.title]);

  const columns: ChartColumn[] = [...p.series, ...(p.extraColumns ?? [])];
  return (
    <figure class="chart" data-testid={p.testId}>
      <figcaption>{p.title}</figcaption>
      <div
        class="chart-plot"
        ref={plot}
        role="img"
        aria-label={`${p.title}: a chart of ${p.series.map((s) => s.label.toLowerCase()).join(', ')}; the table that follows has its figures.`}
        data-series={JSON.stringify(p.series.map((s) => s.label))}
      />
      {/* Hidden in a box that scrolls: a table wider than a phone sticks out of no page. */}
      <div class="visually-hidden chart-table">
        <table class="chart-data">
          <caption>{p.title}</caption>
          <thead>
            <tr>
              <th scope="col">{p.xLabel}</th>
              {columns.map((c) => (
                <th scope="col" key={c.label}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.x.map((t, i) => (
              <tr key={t} data-x={t}>
                <th scope="row">{p.xText(t)}</th>
                {columns.map((c) => (
                  <td key={c.label} data-value={c.values[i] ?? ''}>
                    {cell(c.values[i], c.format)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
};

/** Unix seconds of a UTC day written YYYY-MM-DD. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
/** Unix seconds of a server timestamp. */
export const secondsOf = (timestamp: string) => Date.parse(timestamp) / 1000;
