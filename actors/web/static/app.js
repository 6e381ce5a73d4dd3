// actors web: the console page. Plain DOM; every text from the mesh goes in through textContent, never as HTML.
"use strict";

const CSRF = document.querySelector('meta[name="csrf-token"]').content;
const SVG = "http://www.w3.org/2000/svg";
const VIEWS = ["body", "memory", "exposure", "saved"];
const CARD_KINDS = ["", "pitfall", "playbook", "weak_link", "rule"];
const SESSION_ENDED = ["session_idle", "session_expired"];  // refusals that mean our own session is over (security.py)
const state = { live: null, view: "body", cardKind: "", cardQuery: "", cardOffset: 0, cardGone: false, loaded: {} };

// -- small helpers ------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
}

function age(seconds) {
  if (seconds === undefined || seconds === null || isNaN(seconds)) return "";
  seconds = Math.max(0, seconds);
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86400).toFixed(1)} d`;
}

function clock(at) {
  return at ? new Date(at * 1000).toLocaleTimeString([], { hour12: false }) : "";
}

function fill(list, items) {
  list.replaceChildren(...items);
}

async function api(path, options) {
  const init = Object.assign({ credentials: "same-origin", headers: {} }, options || {});
  if (init.method && init.method !== "GET") init.headers["X-CSRF-Token"] = CSRF;
  const answer = await fetch(path, init);
  let data = null;
  try { data = await answer.json(); } catch (e) { data = null; }
  if (!answer.ok) throw new Error((data && data.error) || `${answer.status} ${answer.statusText}`);
  return data;
}

// -- views --------------------------------------------------------------------------------------

function show(view) {
  if (!VIEWS.includes(view)) view = "body";
  state.view = view;
  for (const name of VIEWS) {
    document.getElementById(`view-${name}`).hidden = name !== view;
    const link = document.querySelector(`nav a[data-view="${name}"]`);
    if (name === view) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
  if (view === "memory") loadMemory();
  if (view === "exposure") loadExposure();
  if (view === "saved") loadSaved();
}

// -- body: the living mesh ----------------------------------------------------------------------

function renderLive(live) {
  state.live = live;
  const conn = document.getElementById("conn");
  if (live.connected) {
    conn.textContent = `live · beat #${live.heart.seq ?? "?"}`;
    conn.className = "conn ok";
  } else {
    conn.textContent = live.error ? `mesh unreachable: ${live.error}` : "waiting for the mesh…";
    conn.className = "conn bad";
  }
  renderHeart(live.heart || {});
  renderOrgans(live.organs || []);
  renderAlerts(live.alerts || []);
  renderEvents(live.events || []);
  const series = live.series || {};
  plotLine(document.getElementById("plot-beats"), series.beats || [], series, "s", "beats-range");
  plotCalls(document.getElementById("plot-calls"), series.calls || [], series);
  plotLine(document.getElementById("plot-wounds"), series.wounds || [], series, "", "wounds-range", true);
  renderExposureLive(live.exposure || {});
}

function renderHeart(h) {
  const facts = [
    ["beat", h.seq !== undefined ? `#${h.seq}` : "–"],
    ["every", h.interval_s !== undefined ? `${Number(h.interval_s).toFixed(2)} s` : "–"],
    ["because", h.reason || "–"],
    ["stage", h.stage || "–"],
    ["heart pid", h.pid || "–"],
    ["up", h.uptime_s !== undefined ? age(h.uptime_s) : "–"],
  ];
  const box = document.getElementById("heart");
  fill(box, [
    ...facts.map(([label, value]) => el("div", { class: `fact fact-${label.replace(" ", "-")}` },
      el("span", { class: "label", text: label }), el("span", { class: `value stage-${value}`, text: value }))),
    el("div", { class: "fact instruction" }, el("span", { class: "label", text: "instruction" }),
      el("span", { class: "value", text: h.instruction || "–" })),
  ]);
}

function renderOrgans(organs) {
  const body = document.querySelector("#organs tbody");
  fill(body, organs.map((o) => {
    const wounds = (o.wounds || []).map((w) => el("span", { class: `wound${w.chronic ? " chronic" : ""}`,
      title: w.failures !== undefined ? `${w.failures} failures` : "" },
      w.cause, w.open_s !== undefined ? ` ${age(w.open_s)}` : ""));
    const abilities = o.abilities || [];
    return el("tr", { "data-organ": o.name, "data-state": o.state, class: `state-${o.state}` },
      el("td", { class: "name", text: o.name }),
      el("td", {}, el("span", { class: `pill state-${o.state}`, text: o.state })),
      el("td", { class: "num pid", text: o.pid ?? "–" }),
      el("td", { class: "num restarts", text: o.restarts }),
      el("td", { class: "abilities", title: abilities.join(", ") }, abilities.length ?
        `${abilities.length}: ${abilities.slice(0, 4).join(", ")}${abilities.length > 4 ? "…" : ""}` : "–"),
      el("td", { class: "wounds" }, ...(wounds.length ? wounds : ["–"])),
      el("td", { class: "reason", text: o.reason || "" }));
  }));
}

function renderAlerts(alerts) {
  const list = document.getElementById("alerts");
  if (!alerts.length) { fill(list, [el("li", { class: "muted", text: "none" })]); return; }
  fill(list, alerts.map((a) => el("li", { class: `alert level-${a.level}` },
    el("span", { class: "level", text: a.level }), el("span", { class: "organ", text: a.organ || "–" }),
    el("span", { class: "message", text: a.message }), a.at ? el("span", { class: "muted", text: clock(a.at) }) : null)));
}

function renderEvents(events) {
  const list = document.getElementById("events");
  if (!events.length) { fill(list, [el("li", { class: "muted", text: "nothing yet" })]); return; }
  fill(list, events.slice(0, 25).map((e) => {
    const what = e.kind === "call" ? `${e.organ}.${e.ability}` : e.kind === "progress" ? "progress" : `${e.kind} ${e.organ}`;
    const outcome = e.kind === "call" ? (e.ok ? `ok ${e.duration_ms} ms` : `failed: ${e.cause}`) : (e.cause || "");
    const bad = e.ok === false || e.kind === "wound" || (e.kind === "alert" && e.cause !== "info");
    const head = [el("span", { class: "muted", text: clock(e.at) }), el("span", { class: "what", text: what }),
      el("span", { class: bad ? "bad" : "ok", text: outcome }),
      e.origin && e.origin !== "agent" ? el("span", { class: "muted", text: `(${e.origin})` }) : null];
    const detail = [e.message, e.args ? `args ${e.args}` : ""].filter(Boolean).join("\n");
    if (!detail) return el("li", { class: `event kind-${e.kind}` }, ...head);
    return el("li", { class: `event kind-${e.kind}` },
      el("details", {}, el("summary", {}, ...head), el("pre", { text: detail })));
  }));
}

// -- plots: small inline SVG --------------------------------------------------------------------

const W = 320, H = 90, PAD = 4, LEFT = 30, BOTTOM = 14;

// the x axis spans the history there is, from one minute up to the whole window
function span(series) {
  const first = Math.min(...[series.beats, series.wounds, series.calls].filter((s) => s && s.length).map((s) => s[0][0]));
  const seen = isFinite(first) ? (series.now || 0) - first : 0;
  return Math.min(series.window_s || 600, Math.max(60, Math.ceil(seen / 60) * 60));
}

function frame(node, series, maxValue, unit) {
  node.replaceChildren();
  const now = series.now || 0, window = span(series);
  const x = (t) => LEFT + (W - LEFT - PAD) * (1 - Math.min(1, Math.max(0, (now - t) / window)));
  const y = (v) => H - BOTTOM - (H - BOTTOM - PAD) * (maxValue ? v / maxValue : 0);
  node.append(svg("line", { x1: LEFT, y1: H - BOTTOM, x2: W - PAD, y2: H - BOTTOM, class: "axis" }));
  node.append(svg("line", { x1: LEFT, y1: PAD, x2: LEFT, y2: H - BOTTOM, class: "axis" }));
  const top = svg("text", { x: LEFT - 3, y: PAD + 8, class: "tick", "text-anchor": "end" });
  top.textContent = `${formatNumber(maxValue)}${unit}`;
  const zero = svg("text", { x: LEFT - 3, y: H - BOTTOM, class: "tick", "text-anchor": "end" });
  zero.textContent = "0";
  const left = svg("text", { x: LEFT, y: H - 2, class: "tick" });
  left.textContent = `−${Math.round(window / 60)} min`;
  node.dataset.span = String(window);
  const right = svg("text", { x: W - PAD, y: H - 2, class: "tick", "text-anchor": "end" });
  right.textContent = "now";
  node.append(top, zero, left, right);
  return { x, y };
}

function formatNumber(v) {
  if (!v) return "0";
  if (Number.isInteger(v) || v >= 10) return String(Math.round(v));
  return v.toFixed(v >= 1 ? 1 : 2);
}

// a little headroom above the largest value, so a flat line does not hide in the frame's top edge
function ceiling(max, integral) {
  if (!max) return 1;
  return integral ? Math.max(1, Math.ceil(max * 1.2)) : Number((max * 1.25).toPrecision(2));
}

function plotLine(node, points, series, unit, rangeId, step) {
  const max = Math.max(0, ...points.map((p) => p[1]));
  const { x, y } = frame(node, series, ceiling(max, step), unit);
  const range = document.getElementById(rangeId);
  if (range) range.textContent = points.length ? `now ${formatNumber(points[points.length - 1][1])}${unit}` : "";
  if (!points.length) return;
  let d = "";
  points.forEach((p, i) => {
    const px = x(p[0]).toFixed(1), py = y(p[1]).toFixed(1);
    if (i === 0) d += `M${px},${py}`;
    else if (step) d += `H${px}V${py}`;
    else d += `L${px},${py}`;
  });
  node.append(svg("path", { d, class: step ? "line wounds" : "line" }));
}

function plotCalls(node, buckets, series) {
  const max = Math.max(0, ...buckets.map((b) => b[1] + b[2]));
  const { x, y } = frame(node, series, ceiling(max, true), "");
  const width = Math.max(1, (W - LEFT - PAD) * (series.call_bucket_s || 10) / span(series) - 1);
  for (const [start, ok, failed] of buckets) {
    const left = x(start);
    if (ok) node.append(svg("rect", { x: left.toFixed(1), y: y(ok).toFixed(1), width: width.toFixed(1),
      height: (y(0) - y(ok)).toFixed(1), class: "bar-ok" }));
    if (failed) node.append(svg("rect", { x: left.toFixed(1), y: y(ok + failed).toFixed(1), width: width.toFixed(1),
      height: (y(ok) - y(ok + failed)).toFixed(1), class: "bar-bad" }));
  }
}

// -- exposure -----------------------------------------------------------------------------------

function renderExposureLive(exp) {
  document.getElementById("exp-instruction").textContent = exp.instruction || "– (no instruction yet)";
  const t = exp.tokens || {};
  const tokens = document.getElementById("exp-tokens");
  if (t.full !== undefined) {
    const pct = t.full ? Math.round(100 * (1 - t.exposed / t.full)) : 0;
    tokens.textContent = `${t.exposed} exposed of ${t.full} full (${pct}% not sent)`;
  } else tokens.textContent = "–";
  const saved = exp.saved || {};
  document.getElementById("exp-saved").textContent =
    `${saved.tokens || 0} tokens over ${saved.requests || 0} model requests (new instructions + agent calls)`;
  const bar = document.getElementById("exp-bar");
  bar.replaceChildren();
  if (t.full) {
    bar.append(svg("rect", { x: 0, y: 2, width: 600, height: 18, class: "full" }));
    bar.append(svg("rect", { x: 0, y: 2, width: Math.max(1, 600 * t.exposed / t.full).toFixed(1), height: 18,
      class: "exposed" }));
  }
  const history = document.querySelector("#exp-history tbody");
  fill(history, (exp.history || []).map((h) => el("tr", {}, el("td", { text: clock(h.at) }),
    el("td", { text: h.instruction }), el("td", { class: "num", text: h.full ?? "–" }),
    el("td", { class: "num", text: h.exposed ?? "–" }))));
  const exposed = exp.exposed || [];
  document.getElementById("exp-count").textContent = `${exposed.length}`;
  if (state.view === "exposure" && exposed.join() !== state.loaded.exposed) loadExposure();
}

async function loadExposure() {
  try {
    const data = await api("/api/exposure");
    state.loaded.exposed = (data.offered || []).map((o) => o.address).join();
    fill(document.getElementById("exp-offered"), (data.offered || []).map((o) =>
      el("li", {}, el("code", { text: o.address }), el("span", { class: "muted", text: ` as ${o.name}` }),
        el("div", { class: "why", text: o.why ? `why: ${o.why}` : "" }),
        el("div", { class: "description", text: o.description }))));
    document.getElementById("exp-meta").textContent = (data.meta || []).length ?
      `Always offered as well: ${data.meta.join(", ")} (reaches every other ability).` : "";
    const kept = data.kept || [];
    fill(document.getElementById("exp-kept"), kept.length ? kept.map((a) => el("li", { class: "chip", text: a })) :
      [el("li", { class: "muted", text: "none: nothing used or pinned in the last turns" })]);
  } catch (err) {
    fill(document.getElementById("exp-offered"), [el("li", { class: "bad", text: `cannot read the exposure: ${err.message}` })]);
  }
}

// -- what it saved ------------------------------------------------------------------------------

async function loadSaved() {
  try {
    const data = await api("/api/saved");
    fill(document.querySelector("#saved tbody"), data.rows.map((r) => el("tr", {},
      el("td", { class: "what", text: r.what }), el("td", { class: "num value", text: r.value }),
      el("td", { class: "inputs", text: r.inputs }), el("td", { class: "muted", text: r.since }))));
    document.getElementById("saved-source").textContent = data.metrics ?
      `heart: counters since the heart started, from ${data.metrics}; console: since this console started; ` +
      "memory: as memory reports it." : "The heart's metrics endpoint is off: only the console's own counts.";
  } catch (err) {
    fill(document.querySelector("#saved tbody"), [el("tr", {}, el("td", { class: "bad", colspan: 4, text: err.message }))]);
  }
}

// -- memory: judgments portrait -----------------------------------------------------------------

async function loadMemory() {
  await Promise.all([loadJudgments(), loadCards(true)]);
}

async function loadJudgments() {
  const summary = document.getElementById("portrait-summary");
  try {
    const data = await api("/api/memory/judgments");
    summary.textContent = data.summary;
    summary.classList.remove("bad");
    for (const [section, entries] of Object.entries(data.sections)) {
      const box = document.getElementById(`judgments-${section}`);
      box.hidden = section !== "unconfirmed" && section !== "principle" && !entries.length;
      if (section === "unconfirmed") {
        box.hidden = !entries.length;
        box.querySelector(".count").textContent = `(${entries.length})`;
      }
      fill(box.querySelector("ul"), entries.length ? entries.map(judgmentItem) :
        [el("li", { class: "muted", text: "none yet" })]);
    }
  } catch (err) {
    summary.textContent = `cannot read memory: ${err.message}`;
    summary.classList.add("bad");
  }
}

function judgmentItem(j) {
  const item = el("li", { class: `judgment line-${j.line}`, "data-judgment": j.id });
  item.style.opacity = String(j.opacity);
  const evidence = el("details", { class: "evidence" }, el("summary", { text: "evidence" }),
    el("ul", {}, ...(j.evidence || []).map((e) => el("li", { text: e }))));
  item.append(el("span", { class: "statement", text: j.statement }), confirmButton(item, "withdraw", async () => {
    await api(`/api/memory/judgments/${j.id}`, { method: "DELETE" });
    item.remove();
    loadJudgments();
  }), evidence);
  return item;
}

// ✕, then "withdraw? yes / keep": nothing is removed on one click
function confirmButton(item, verb, action) {
  const box = el("span", { class: "confirm" });
  const cross = el("button", { type: "button", class: "x", title: verb, "aria-label": verb, text: "✕" });
  const ask = () => {
    const yes = el("button", { type: "button", class: "yes", text: `yes, ${verb}` });
    const no = el("button", { type: "button", class: "no", text: "keep" });
    const note = el("span", { class: "error", role: "alert" });
    yes.addEventListener("click", async () => {
      yes.disabled = true;
      try { await action(); } catch (err) { note.textContent = err.message; yes.disabled = false; }
    });
    no.addEventListener("click", () => box.replaceChildren(cross));
    box.replaceChildren(el("span", { class: "question", text: `${verb}?` }), yes, no, note);
    yes.focus();
  };
  cross.addEventListener("click", ask);
  box.append(cross);
  return box;
}

// -- memory: cards ------------------------------------------------------------------------------

async function loadCards(reset) {
  if (reset) state.cardOffset = 0;
  const params = new URLSearchParams({ kind: state.cardKind, q: state.cardQuery, offset: state.cardOffset, limit: 50,
    state: state.cardGone ? "gone" : "live" });
  const list = document.getElementById("cards");
  try {
    const data = await api(`/api/memory/cards?${params}`);
    renderKinds(data.counts);
    document.getElementById("card-total").textContent = `${data.total} card${data.total === 1 ? "" : "s"}`;
    const items = data.cards.map(cardItem);
    if (reset) fill(list, items.length ? items : [el("li", { class: "muted", text: "no cards" })]);
    else list.append(...items);
    state.cardOffset = data.offset + data.cards.length;
    document.getElementById("cards-more").hidden = state.cardOffset >= data.total;
  } catch (err) {
    fill(list, [el("li", { class: "bad", text: `cannot read cards: ${err.message}` })]);
  }
}

function renderKinds(counts) {
  const total = Object.values(counts || {}).reduce((a, b) => a + b, 0);
  fill(document.getElementById("card-kinds"), [...CARD_KINDS.map((kind) => el("button", {
    type: "button", class: `kind${kind === state.cardKind ? " active" : ""}`, "data-kind": kind,
    onclick: () => { state.cardKind = kind; loadCards(true); },
  }, `${kind ? kind.replace("_", " ") : "all"} ${kind ? counts[kind] || 0 : total}`)),
  el("button", { type: "button", class: `kind${state.cardGone ? " active" : ""}`, "data-kind": "gone",
    title: "cards no longer recalled: retired (their advice did not help) or forgotten",
    onclick: () => { state.cardGone = !state.cardGone; loadCards(true); } },
  state.cardGone ? "showing retired and forgotten" : "retired and forgotten")]);
}

function cardItem(c) {
  const item = el("li", { class: `card kind-${c.kind}`, "data-card": c.id });
  const weight = Math.min(100, Math.round(25 * c.weight));
  const meter = el("span", { class: "meter", title: `weight ${c.weight}` }, el("span", { class: "fill" }));
  meter.firstChild.style.width = `${weight}%`;
  const evidence = el("details", { class: "evidence" }, el("summary", {
    text: `evidence: ${c.evidence_events} events in ${c.sessions} session${c.sessions === 1 ? "" : "s"}` }));
  evidence.addEventListener("toggle", () => { if (evidence.open && !evidence.dataset.loaded) loadEvidence(evidence, c.id); });
  item.append(
    el("div", { class: "head" }, el("span", { class: "badge", text: c.kind.replace("_", " ") }),
      el("span", { class: "title", text: c.title }),
      c.state === "forgotten" ? null : confirmButton(item, "forget", async () => {
        await api(`/api/memory/cards/${c.id}/forget`, { method: "POST" });
        item.remove();
      })),
    c.state && c.state !== "live" ? el("p", { class: "bad", text: `${c.state}: ${c.reason}` }) : null,
    el("div", { class: "facts" }, meter, el("span", { text: `weight ${c.weight.toFixed(2)}` }),
      el("span", { text: `hits ${c.hits}` }), el("span", { text: `seen ${c.confirmations}×` }),
      el("span", { text: `decay ${Math.round(100 * c.decay)}% (${c.age_days} d since confirmed)` })),
    c.body ? el("p", { class: "body", text: c.body }) : null,
    evidence);
  return item;
}

async function loadEvidence(box, id) {
  box.dataset.loaded = "1";
  try {
    const c = await api(`/api/memory/cards/${id}`);
    const e = c.evidence || {};
    const sessions = (e.sessions || []).join(", ") +
      (e.session_count > (e.sessions || []).length ? ` … (${e.session_count} in all)` : "");
    const stats = Object.entries(c.stats || {}).map(([k, v]) => `${k.replace("_", " ")} ${v}`).join(", ");
    const row = (label, value) => value ? [el("dt", { text: label }), el("dd", { text: value })] : [];
    box.append(el("dl", {},
      ...row("when", c.when), ...row("wrong instinct", c.wrong), ...row("instead", c.instead),
      ...row("sessions", sessions || "–"),
      ...row("counts", `${e.events ?? c.evidence_events} journal events${stats ? "; " + stats : ""}`),
      ...row("files", (c.files || []).join(", "))),
      el("ul", { class: "examples" }, ...(e.examples || []).map((x) => el("li", {}, el("code", { text: x })))));
  } catch (err) {
    box.append(el("p", { class: "bad", text: err.message }));
  }
}

// -- import -------------------------------------------------------------------------------------

async function importSnapshot(input) {
  const result = document.getElementById("import-result");
  const file = input.files[0];
  input.value = "";
  if (!file) return;
  result.className = "result";
  result.textContent = `importing ${file.name}…`;
  try {
    const data = await api("/api/memory/import", { method: "POST", body: await file.text(),
      headers: { "Content-Type": "application/json" } });
    const report = data.imported || {};
    result.textContent = `imported ${file.name}: ` + (typeof report === "object" ?
      Object.entries(report).filter(([, v]) => typeof v !== "object").map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
        .join(", ") : report);
    result.classList.add("ok");
    loadMemory();
  } catch (err) {
    result.textContent = err.message;
    result.classList.add("bad");
  }
}

// -- start --------------------------------------------------------------------------------------

function connect() {
  const stream = new EventSource("/api/stream");
  stream.addEventListener("live", (message) => renderLive(JSON.parse(message.data)));
  stream.addEventListener("error", async () => {
    const conn = document.getElementById("conn");
    conn.className = "conn bad";
    conn.textContent = "console unreachable: retrying…";
    try {
      const answer = await fetch("/api/live", { credentials: "same-origin" });
      if (answer.status === 401) {  // our session is over, or a new start of `actors web` does not know it
        stream.close();
        let refused = null;
        try { refused = (await answer.json()).refused; } catch (e) { refused = null; }
        conn.textContent = SESSION_ENDED.includes(refused) ?
          "this session has ended: restart `actors web` and open the new URL it prints" :
          "this console was restarted: open the new URL `actors web` printed";
      }
    } catch (e) { /* not answering at all: EventSource keeps retrying */ }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  window.addEventListener("hashchange", () => show(location.hash.slice(1)));
  document.getElementById("import-file").addEventListener("change", (e) => importSnapshot(e.target));
  document.getElementById("cards-more").addEventListener("click", () => loadCards(false));
  let typing = null;
  document.getElementById("card-query").addEventListener("input", (e) => {
    clearTimeout(typing);
    typing = setTimeout(() => { state.cardQuery = e.target.value; loadCards(true); }, 250);
  });
  show(location.hash.slice(1) || "body");
  connect();
});
