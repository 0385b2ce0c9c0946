import { useEffect, useRef } from 'react';
import { Chart, LinearScale, PointElement, ScatterController, Tooltip, type Plugin } from 'chart.js';
import type { QualityRater } from '@app/shared';
import { placeLabels } from './lib/chart-labels';
import { formatBias, formatPoints } from './lib/quality-format';

// Only the pieces a scatter needs, so the bundle carries no other chart type (decision 0159).
Chart.register(ScatterController, LinearScale, PointElement, Tooltip);

type Point = { id: string; x: number; y: number; name: string; paused: boolean };

const ACTIVE = '#2563eb';
const PAUSED = '#dc2626';

/** The rater's name beside each point, and the pause threshold as a dashed line. */
const labelsAndThreshold = (threshold: number): Plugin<'scatter'> => ({
  id: 'raterLabels',
  afterDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    ctx.save();
    const x = scales.x!.getPixelForValue(threshold);
    if (x >= chartArea.left && x <= chartArea.right) {
      ctx.strokeStyle = '#f59e0b';
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const drawn = chart.data.datasets.flatMap((set, i) =>
      chart.getDatasetMeta(i).data.map((el, j) => {
        const p = set.data[j] as unknown as Point;
        return { x: el.x, y: el.y, width: ctx.measureText(p.name).width, point: p };
      }),
    );
    placeLabels(drawn, chartArea).forEach((box, i) => {
      const { point } = drawn[i]!;
      ctx.fillStyle = point.paused ? PAUSED : '#334155';
      ctx.fillText(point.name, box.x, box.y + box.h / 2);
    });
    ctx.restore();
  },
});

/**
 * Each rater's gold error (x) against their bias (y), paused raters as red crosses, the pause
 * threshold dashed. The canvas carries the same points as text for screen readers; the raters table
 * beside it has every figure.
 */
export function RaterScatter({ raters, threshold }: { raters: QualityRater[]; threshold: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const points: Point[] = raters
    .filter((r) => r.gold_mean_abs_error !== null && r.bias !== null)
    .map((r) => ({
      id: r.user_id,
      x: r.gold_mean_abs_error!,
      y: r.bias!,
      name: r.name || r.email,
      paused: r.status === 'paused',
    }));
  const key = JSON.stringify(points);

  useEffect(() => {
    if (!canvas.current) return;
    const pts = JSON.parse(key) as Point[];
    // Whole-point axes with room around the farthest rater: bias symmetric around 0.
    const maxX = Math.ceil(Math.max(threshold * 2, ...pts.map((p) => p.x)) + 0.25);
    const maxY = Math.ceil(Math.max(1, ...pts.map((p) => Math.abs(p.y))) + 0.25);
    const chart = new Chart(canvas.current, {
      type: 'scatter',
      data: {
        datasets: [
          {
            label: 'Active',
            data: pts.filter((p) => !p.paused),
            backgroundColor: ACTIVE,
            borderColor: ACTIVE,
            pointRadius: 6,
            pointHoverRadius: 8,
            // A perfect rater sits on the y axis: draw the whole point, not the half inside the chart.
            clip: false,
          },
          {
            label: 'Paused',
            data: pts.filter((p) => p.paused),
            backgroundColor: PAUSED,
            borderColor: PAUSED,
            borderWidth: 3,
            pointStyle: 'crossRot',
            pointRadius: 8,
            pointHoverRadius: 10,
            clip: false,
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        layout: { padding: { right: 8, top: 8 } },
        scales: {
          x: {
            type: 'linear',
            min: 0,
            max: maxX,
            title: { display: true, text: 'Gold error (mean absolute, points)' },
          },
          y: {
            type: 'linear',
            min: -maxY,
            max: maxY,
            title: { display: true, text: 'Bias (points)' },
            grid: { color: (c) => (c.tick.value === 0 ? '#94a3b8' : '#e2e8f0') },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const p = item.raw as Point;
                return `${p.name}: gold error ${formatPoints(p.x)}, bias ${formatBias(p.y)}${p.paused ? ' (paused)' : ''}`;
              },
            },
          },
        },
      },
      plugins: [labelsAndThreshold(threshold)],
    });
    return () => chart.destroy();
  }, [key, threshold]);

  const left = raters.length - points.length;
  return (
    <figure>
      <div className="relative h-72 sm:h-80">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Gold error against bias for ${points.length} rater${points.length === 1 ? '' : 's'}`}
        >
          <ul data-testid="rater-points">
            {points.map((p) => (
              <li key={p.id}>
                {p.name}: gold error {formatPoints(p.x)}, bias {formatBias(p.y)}
                {p.paused ? ', paused' : ''}
              </li>
            ))}
          </ul>
        </canvas>
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-full" style={{ background: ACTIVE }} aria-hidden />
          Active
        </span>
        <span className="flex items-center gap-1.5">
          <span className="text-base leading-none font-bold" style={{ color: PAUSED }} aria-hidden>
            ×
          </span>
          Paused
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block w-4 border-t-2 border-dashed border-amber-500" aria-hidden />
          Pause above a gold error of {formatPoints(threshold)}
        </span>
        {left > 0 && (
          <span>
            {left} rater{left === 1 ? ' has' : 's have'} rated no gold item yet and {left === 1 ? 'is' : 'are'} not
            shown.
          </span>
        )}
      </figcaption>
    </figure>
  );
}
