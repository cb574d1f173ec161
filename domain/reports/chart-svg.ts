// A bar chart as SVG text: vega-lite compiles the spec, vega renders it headless
// (renderer 'none': no canvas, no browser, nothing fetched), and the PDF writer
// draws the SVG as vector paths and real text.
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ChartSeries } from './report-sql.js';

/** Plot area in points; the SVG comes out larger (axes, labels), see chartSize. */
const PLOT = { width: 420, height: 200 };

export async function barChartSvg(series: ChartSeries): Promise<string> {
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: PLOT.width,
    height: PLOT.height,
    title: series.title,
    data: { values: series.points },
    mark: { type: 'bar', color: '#4c78a8' },
    encoding: {
      x: { field: 'label', type: 'nominal', sort: null, title: null, axis: { labelAngle: -40, labelLimit: 120 } },
      y: { field: 'value', type: 'quantitative', title: series.measure },
    },
    config: { font: 'Helvetica', view: { stroke: null } },
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The SVG's own size (vega estimates text widths without a canvas, so reserve what it says). */
export function chartSize(svg: string): { width: number; height: number } {
  const w = /<svg[^>]*\swidth="([\d.]+)"/.exec(svg);
  const h = /<svg[^>]*\sheight="([\d.]+)"/.exec(svg);
  return { width: w ? Number(w[1]) : PLOT.width + 60, height: h ? Number(h[1]) : PLOT.height + 120 };
}
