/** Upper bounds (seconds) of the request-duration buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = { method: string; route: string; status: string };
type Series = { labels: Labels; counts: number[]; sum: number; count: number };

/**
 * `http_request_duration_seconds` by method, route pattern and status: a Prometheus histogram that
 * prom-client's registry serves like its own (same lines). Every request records into it, so it
 * counts into one array per series found by a string key; prom-client's Histogram validated and
 * hashed the labels and allocated on each observation, the largest cost the public job list paid
 * outside Fastify and Node (decision 0241).
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by method, route pattern and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { labels, counts: new Array<number>(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What prom-client's registry reads: cumulative buckets, then the sum and count of each series. */
  get() {
    const values = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      for (const [i, le] of [...BUCKETS, '+Inf' as const].entries()) {
        cumulative += counts[i]!;
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}
