/**
 * Whether the browser can draw on a canvas. jsdom (the component tests) cannot: there the charts
 * are left out and the panel shows its values alone.
 */
export function canDrawCharts(): boolean {
  return typeof CanvasRenderingContext2D === "function";
}
