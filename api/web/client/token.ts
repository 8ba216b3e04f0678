/**
 * The token page's script: draws the candlestick and volume chart from the candles the page carries, and the launch
 * panel's chart of what the early buyers held over time; switches the candle interval, and keeps the page current: it listens to the token's channel of the event stream (Server-Sent
 * Events at GET /stream) and, on each event, reads the page's live data (GET /token/<uuid>/live.json) and swaps in
 * the sections that changed. While the stream is not open (the server has none, or it is reconnecting) it reads the
 * live data every second instead. Section markup comes from the server, which escapes what users wrote.
 */
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from "lightweight-charts";

type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number };
/** The early buyers' share of the supply after a block (unix seconds, percent). */
type Holding = { time: number; value: number };
type Live = { interval: string; candles: Candle[]; holdings: Holding[]; sections: Record<string, string> };

const POLL_MS = 1_000;
/** Events come in bursts (a trade brings its candles, balances and fees): one read per burst. */
const BURST_MS = 100;
const KINDS = [
  "trade",
  "candle",
  "balance",
  "graduation",
  "launch_label",
  "launch_sell",
  "post",
  "reply",
  "vote",
  "removed",
  "resync",
];
const UP = "#047857";
/** Both charts' look: white, dark text, no logo (the page credits TradingView in words). */
const LAYOUT = {
  background: { type: ColorType.Solid, color: "#ffffff" },
  textColor: "#1f2937",
  attributionLogo: false,
} as const;
const DOWN = "#b91c1c";

const el = document.getElementById("chart");
if (el) start(el);

function start(container: HTMLElement) {
  const url = container.dataset.liveUrl ?? "";
  let interval = container.dataset.interval ?? "5m";
  const shown = new Map<string, string>();
  const chart = createChart(container, {
    autoSize: true,
    layout: LAYOUT,
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
  const launchEl = document.getElementById("launch-chart");
  const holdings = launchEl ? startHoldings(launchEl) : undefined;

  const buttons = [...document.querySelectorAll<HTMLButtonElement>("button[data-interval]")];
  for (const button of buttons) {
    button.addEventListener("click", () => {
      interval = button.dataset.interval ?? interval;
      for (const b of buttons) b.setAttribute("aria-pressed", String(b === button));
      void poll(true);
    });
  }

  let inFlight = false;
  let again = false;
  async function poll(redraw = false) {
    if (inFlight && !redraw) {
      again = true;
      return;
    }
    inFlight = true;
    try {
      const asked = interval;
      const res = await fetch(`${url}?interval=${encodeURIComponent(asked)}`, {
        headers: { accept: "application/json" },
      });
      if (!res.ok || asked !== interval) return;
      const live = (await res.json()) as Live;
      draw(chart, candles, volume, live.candles, redraw);
      holdings?.(live.holdings);
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
      if (again) {
        again = false;
        void poll();
      }
    }
  }

  let streaming = false;
  const streamUrl = container.dataset.streamUrl;
  if (streamUrl && "EventSource" in window) {
    const source = new EventSource(streamUrl);
    let scheduled = false;
    const refresh = () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        void poll();
      }, BURST_MS);
    };
    // Opened (or reopened, resuming with Last-Event-ID): catch up with what happened before it.
    source.addEventListener("open", () => {
      streaming = true;
      refresh();
    });
    source.addEventListener("error", () => {
      streaming = false;
    });
    for (const kind of KINDS) source.addEventListener(kind, refresh);
  }
  setInterval(() => {
    if (!streaming && document.visibilityState === "visible") void poll();
  }, POLL_MS);
}

/** The launch chart: an area of the early buyers' share of the supply; returns what draws new points. */
function startHoldings(container: HTMLElement): (points: Holding[]) => void {
  const chart = createChart(container, {
    autoSize: true,
    layout: LAYOUT,
    grid: { vertLines: { visible: false }, horzLines: { color: "#eef0f3" } },
    timeScale: { timeVisible: true, secondsVisible: true },
    rightPriceScale: { borderVisible: false },
    handleScroll: false,
    handleScale: false,
  });
  const area = chart.addSeries(AreaSeries, {
    lineColor: "#4338ca",
    topColor: "rgba(67,56,202,0.35)",
    bottomColor: "rgba(67,56,202,0.04)",
    lineWidth: 2,
    priceFormat: { type: "percent", precision: 2, minMove: 0.01 },
  });
  let shown = "";
  const drawHoldings = (points: Holding[]) => {
    const key = JSON.stringify(points);
    if (key === shown) return;
    shown = key;
    // One point per second at most (the chart's time unit): the last of a second stands for it.
    const bySecond = new Map<number, number>();
    for (const p of points) bySecond.set(Math.floor(p.time), p.value);
    area.setData([...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value })));
    chart.timeScale().fitContent();
  };
  drawHoldings(JSON.parse(container.dataset.holdings ?? "[]") as Holding[]);
  return drawHoldings;
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
