/**
 * The token page's script: draws the candlestick and volume chart from the candles the page carries, switches the
 * candle interval, and keeps the page current by polling its live data (GET /token/<uuid>/live.json) every second,
 * swapping in the sections that changed. Section markup comes from the server, which escapes what users wrote.
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from "lightweight-charts";

type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number };
type Live = { interval: string; candles: Candle[]; sections: Record<string, string> };

const POLL_MS = 1_000;
const UP = "#047857";
const DOWN = "#b91c1c";

const el = document.getElementById("chart");
if (el) start(el);

function start(container: HTMLElement) {
  const url = container.dataset.liveUrl ?? "";
  let interval = container.dataset.interval ?? "5m";
  const shown = new Map<string, string>();
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: "#ffffff" },
      textColor: "#1f2937",
      attributionLogo: false,
    },
    grid: { vertLines: { color: "#eef0f3" }, horzLines: { color: "#eef0f3" } },
    timeScale: { timeVisible: true, secondsVisible: false },
    rightPriceScale: { borderVisible: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: UP,
    downColor: DOWN,
    borderVisible: false,
    wickUpColor: UP,
    wickDownColor: DOWN,
  });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: "volume" }, priceScaleId: "" });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });

  draw(chart, candles, volume, JSON.parse(container.dataset.candles ?? "[]") as Candle[], true);

  const buttons = [...document.querySelectorAll<HTMLButtonElement>("button[data-interval]")];
  for (const button of buttons) {
    button.addEventListener("click", () => {
      interval = button.dataset.interval ?? interval;
      for (const b of buttons) b.setAttribute("aria-pressed", String(b === button));
      void poll(true);
    });
  }

  let inFlight = false;
  async function poll(redraw = false) {
    if (inFlight && !redraw) return;
    inFlight = true;
    try {
      const asked = interval;
      const res = await fetch(`${url}?interval=${encodeURIComponent(asked)}`, {
        headers: { accept: "application/json" },
      });
      if (!res.ok || asked !== interval) return;
      const live = (await res.json()) as Live;
      draw(chart, candles, volume, live.candles, redraw);
      for (const [name, markup] of Object.entries(live.sections)) {
        if (shown.get(name) === markup) continue;
        const target = document.querySelector<HTMLElement>(`[data-live="${name}"]`);
        if (target) target.innerHTML = markup;
        shown.set(name, markup);
      }
    } catch {
      // A failed poll is retried by the next one.
    } finally {
      inFlight = false;
    }
  }
  setInterval(() => {
    if (document.visibilityState === "visible") void poll();
  }, POLL_MS);
}

/** Price digits that show a change of the smallest visible price. */
function precisionOf(rows: Candle[]): number {
  const low = Math.min(...rows.map((c) => c.low).filter((x) => x > 0));
  if (!Number.isFinite(low) || low >= 1) return 4;
  return Math.min(12, Math.ceil(-Math.log10(low)) + 3);
}

let lastKey = "";
function draw(
  chart: IChartApi,
  candles: ISeriesApi<"Candlestick">,
  volume: ISeriesApi<"Histogram">,
  rows: Candle[],
  fit = false,
) {
  const key = JSON.stringify(rows);
  if (key === lastKey) return;
  lastKey = key;
  const precision = precisionOf(rows);
  candles.applyOptions({ priceFormat: { type: "price", precision, minMove: 10 ** -precision } });
  candles.setData(
    rows.map((c) => ({ time: c.time as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })),
  );
  volume.setData(
    rows.map((c) => ({
      time: c.time as UTCTimestamp,
      value: c.volume,
      color: c.close >= c.open ? "rgba(4,120,87,0.45)" : "rgba(185,28,28,0.45)",
    })),
  );
  if (fit) chart.timeScale().fitContent();
}
