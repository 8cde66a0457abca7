import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The recharts charts of the back office, in their own chunk: the pages load them lazily (React.lazy), so
 * neither the storefront nor the first paint of the admin pages waits for the charting library.
 */
type Series = { key: string; label: string; color: string; axis?: 'left' | 'right' };

export type DailyChartProps = {
  data: Record<string, string | number>[];
  series: Series[];
  formatDay: (day: string) => string;
  formatValue: (key: string, value: number) => string;
  rtl?: boolean;
  testId?: string;
};

export function DailyChart({ data, series, formatDay, formatValue, rtl, testId }: DailyChartProps) {
  const hasRight = series.some((s) => s.axis === 'right');
  // Axis ticks short ('10 k'), the tooltip exact ('10 000 DA').
  const compact = new Intl.NumberFormat(rtl ? 'ar-DZ' : 'fr-FR', { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <div className="h-64 w-full" data-testid={testId} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="day" tickFormatter={formatDay} reversed={rtl} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis yAxisId="left" orientation={rtl ? 'right' : 'left'} tick={{ fontSize: 11 }} width={48} tickFormatter={(v: number) => compact.format(v)} />
          {hasRight && <YAxis yAxisId="right" orientation={rtl ? 'left' : 'right'} tick={{ fontSize: 11 }} width={36} allowDecimals={false} />}
          <Tooltip labelFormatter={(day) => formatDay(String(day))} formatter={(value, name) => [formatValue(String(name), Number(value)), series.find((s) => s.key === name)?.label ?? String(name)]} />
          <Legend formatter={(key) => series.find((s) => s.key === key)?.label ?? String(key)} />
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} yAxisId={s.axis ?? 'left'} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export type FunnelChartProps = { data: { label: string; count: number }[]; color: string; rtl?: boolean; testId?: string };

/** Horizontal bars, one per step; in Arabic the labels stand on the right and the bars grow leftwards. */
export function FunnelChart({ data, color, rtl, testId }: FunnelChartProps) {
  return (
    <div className="h-64 w-full" data-testid={testId} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} className="stroke-border" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} reversed={rtl} />
          <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 11 }} orientation={rtl ? 'right' : 'left'} />
          <Tooltip />
          <Bar dataKey="count" fill={color} radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
