import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { EarningsBucket } from '../../../../domain/member-overview';

const PLAYER = '#2563eb';
const COMFORT = '#b7791f';
const HEIGHT = 220;

/**
 * The earnings as bars per period, player and comfort trade side by side, drawn by uPlot (loaded
 * with this page only). The canvas is decoration for sighted readers: the page states the same figures
 * in words and in a table. `euro` labels the value axis; the time axis reads UTC (the buckets' starts).
 */
export function EarningsChart({ buckets, euro }: { buckets: readonly EarningsBucket[]; euro: (cents: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.4, 40], align });
    const xs = buckets.map((b) => b.start / 1000);
    // Half a period of room at each end: the first period's player bar and the last one's comfort bar sit beside their tick, not past the edge.
    const half = xs.length > 1 ? (xs[1]! - xs[0]!) / 2 : 43_200;
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: {
          x: { time: true, range: () => [xs[0]! - half, xs[xs.length - 1]! + half] },
          y: { range: (_u, _min, max) => [0, Math.max(100, Math.ceil(max * 1.1))] },
        },
        axes: [{ stroke: '#4b5563' }, { stroke: '#4b5563', size: 72, values: (_u, ticks) => ticks.map((v) => euro(Math.round(v))) }],
        series: [
          {},
          { stroke: PLAYER, fill: PLAYER, paths: bars(-1), points: { show: false } },
          { stroke: COMFORT, fill: COMFORT, paths: bars(1), points: { show: false } },
        ],
      },
      [xs, buckets.map((b) => b.player), buckets.map((b) => b.comfort)],
      el,
    );
    // A phone turned, a window resized: the chart follows its box's width.
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [buckets, euro]);
  return <div ref={box} className="earnings-chart" dir="ltr" aria-hidden="true" data-testid="earnings-chart" />;
}

export const CHART_COLORS = { player: PLAYER, comfort: COMFORT } as const;
