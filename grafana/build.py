"""Generate the Grafana dashboards of an actors mesh from code.

    python grafana/build.py           # write grafana/dashboards/*.json
    python grafana/build.py --check   # exit 1 when a committed file differs from what this script makes

The committed JSON is what Grafana provisions (grafana/provisioning/); edit this script, never the JSON.
Every query selects `job=~"$job", instance=~"$instance"` and windows rates with `$__rate_interval`; the
data source is the `$datasource` variable. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

DASHBOARDS = Path(__file__).resolve().parent / "dashboards"
DS = {"type": "prometheus", "uid": "${datasource}"}
SEL = 'job=~"$job", instance=~"$instance"'
ORG = SEL + ', organ=~"$organ"'
RATE = "[$__rate_interval]"
STATES = ("starting", "up", "lost", "restarting", "fatal", "stopped")  # broker.protocol.STATES, in order
STATE_COLORS = {"starting": "blue", "up": "green", "lost": "orange", "restarting": "yellow", "fatal": "red",
                "stopped": "text"}
GRID_WIDTH = 24


class Layout:
    """Places panels left to right on Grafana's 24-column grid, a new row when one is full."""

    def __init__(self) -> None:
        self.panels: list[dict] = []
        self.x = self.y = self.row_h = 0

    def row(self, title: str) -> None:
        """Start a titled row."""
        self._newline()
        self.panels.append({"type": "row", "title": title, "collapsed": False, "panels": [],
                            "gridPos": {"h": 1, "w": GRID_WIDTH, "x": 0, "y": self.y}, "id": len(self.panels) + 1})
        self.y += 1

    def add(self, panel: dict, w: int, h: int) -> None:
        """Put a panel of w columns by h rows at the next free place."""
        if self.x + w > GRID_WIDTH:
            self._newline()
        panel["gridPos"] = {"h": h, "w": w, "x": self.x, "y": self.y}
        panel["id"] = len(self.panels) + 1
        self.panels.append(panel)
        self.x += w
        self.row_h = max(self.row_h, h)

    def _newline(self) -> None:
        self.y += self.row_h
        self.x = self.row_h = 0


def target(expr: str, legend: str = "", ref: str = "A", instant: bool = False) -> dict:
    """One Prometheus query of a panel."""
    return {"datasource": DS, "refId": ref, "expr": expr, "legendFormat": legend or "__auto",
            "range": not instant, "instant": instant}


def panel(kind: str, title: str, description: str, targets: list[dict], unit: str = "short",
          mappings: list[dict] | None = None, options: dict | None = None, custom: dict | None = None,
          **defaults: Any) -> dict:
    """A panel of this Grafana type with its queries and field defaults."""
    return {"type": kind, "title": title, "description": description, "datasource": DS, "targets": targets,
            "fieldConfig": {"defaults": {"unit": unit, "mappings": mappings or [], **({"custom": custom} if custom
                                                                                     else {}), **defaults},
                            "overrides": []},
            "options": options or {}}


def timeseries(title: str, description: str, targets: list[dict], unit: str = "short", stacked: bool = False,
               **defaults: Any) -> dict:
    """A time series panel; stacked ones sum their series."""
    custom = {"drawStyle": "line", "lineWidth": 1, "fillOpacity": 20 if stacked else 0, "showPoints": "never",
              "spanNulls": False, "stacking": {"mode": "normal" if stacked else "none", "group": "A"}}
    options = {"legend": {"displayMode": "list", "placement": "bottom", "showLegend": True},
               "tooltip": {"mode": "multi", "sort": "desc"}}
    return panel("timeseries", title, description, targets, unit, options=options, custom=custom, min=0,
                 **defaults)


def stat(title: str, description: str, targets: list[dict], unit: str = "short",
         mappings: list[dict] | None = None, text_mode: str = "value", thresholds: list[dict] | None = None) -> dict:
    """A single-value panel (the last value)."""
    options = {"reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
               "colorMode": "background" if thresholds else "none", "graphMode": "none", "textMode": text_mode,
               "justifyMode": "auto", "orientation": "auto"}
    steps = thresholds or [{"color": "text", "value": None}]
    return panel("stat", title, description, targets, unit, mappings, options,
                 thresholds={"mode": "absolute", "steps": steps})


def value_map(names: dict[int, tuple[str, str]]) -> list[dict]:
    """Grafana value mappings: number -> (text, colour)."""
    return [{"type": "value", "options": {str(n): {"text": text, "color": color, "index": i}
                                          for i, (n, (text, color)) in enumerate(names.items())}}]


def overview() -> dict:
    """The overview dashboard: heart, organs, calls, healing, memory and exposure."""
    lay = Layout()
    lay.row("Heart")
    lay.add(stat("Heart", "Whether Prometheus can scrape the heart (the whole mesh's only target).",
                 [target(f"up{{{SEL}}}", "{{instance}}")], mappings=value_map({0: ("DOWN", "red"), 1: ("UP", "green")}),
                 thresholds=[{"color": "red", "value": None}, {"color": "green", "value": 1}]), 4, 4)
    lay.add(stat("Version", "actors_build_info: the running heart's version.",
                 [target(f"actors_build_info{{{SEL}}}", "{{version}}", instant=True)], text_mode="name"), 4, 4)
    lay.add(stat("Sleep stage", "awake, light or deep: how long the body has been without session progress.",
                 [target(f"max(actors_sleep_stage{{{SEL}}})", "stage")],
                 mappings=value_map({0: ("awake", "green"), 1: ("light", "blue"), 2: ("deep", "purple")})), 4, 4)
    lay.add(stat("Organs up", "Organs registered and alive.", [target(f"sum(actors_organ_up{{{ORG}}})", "up")]), 4, 4)
    lay.add(stat("Organs lost or fatal", "Organs that stopped answering (lost) or that the supervisor gave up "
                 "on (fatal), as of the last beat.",
                 [target(f'sum(actors_organ_state{{{ORG}, state=~"lost|fatal"}})', "lost or fatal")],
                 thresholds=[{"color": "green", "value": None}, {"color": "red", "value": 1}]), 4, 4)
    lay.add(stat("Open wounds", "Open (organ, cause) wounds: failures not yet healed by a real success.",
                 [target(f"sum(actors_wounds_open{{{ORG}}})", "open")],
                 thresholds=[{"color": "green", "value": None}, {"color": "orange", "value": 1}]), 4, 4)
    lay.add(timeseries("Beat rate", "Beats published on the blood topic per second.",
                       [target(f"rate(actors_heart_beats_total{{{SEL}}}{RATE})", "{{instance}}")], "hz"), 8, 8)
    lay.add(timeseries("Beat interval", "The heart's current beat interval: shorter on alarm, longer when quiet.",
                       [target(f"actors_heart_interval_seconds{{{SEL}}}", "{{instance}}")], "s"), 8, 8)
    lay.add(panel("state-timeline", "Beat reason", "Why the beat has its interval: steady, alerts, quiet, "
                  "critical (a critical alert) or failing (repeated failures).",
                  [target(f"max by (reason) (actors_heart_beat_reason{{{SEL}}})", "{{reason}}")],
                  mappings=value_map({0: ("", "transparent"), 1: ("now", "orange")}),
                  options={"showValue": "never", "mergeValues": True, "rowHeight": 0.8,
                           "legend": {"showLegend": False, "displayMode": "list", "placement": "bottom"}}), 8, 8)

    lay.row("Organs")
    state_code = " or ".join(f'actors_organ_state{{{ORG}, state="{s}"}} * {i}' for i, s in enumerate(STATES, 1))
    lay.add(panel("state-timeline", "Organ state", "Each organ's state as of the last beat.",
                  [target(f"sum by (organ) ({state_code})", "{{organ}}")],
                  mappings=value_map({i: (s, STATE_COLORS[s]) for i, s in enumerate(STATES, 1)}),
                  options={"showValue": "auto", "mergeValues": True, "rowHeight": 0.8,
                           "legend": {"showLegend": True, "displayMode": "list", "placement": "bottom"}}), 12, 8)
    lay.add(timeseries("Organs by state", "How many organs are in each state.",
                       [target(f"sum by (state) (actors_organ_state{{{ORG}}})", "{{state}}")], stacked=True), 6, 8)
    lay.add(timeseries("Organ up", "1 while an organ is registered and alive: a dead organ is 0, an idle one 1.",
                       [target(f"actors_organ_up{{{ORG}}}", "{{organ}}")], max=1), 6, 8)
    lay.add(timeseries("Restarts", "Organ restarts by the supervisor in each interval.",
                       [target(f"sum by (organ) (increase(actors_organ_restarts_total{{{ORG}}}{RATE}))", "{{organ}}")]),
            8, 8)
    lay.add(timeseries("Protocol errors", "Malformed frames the heart dropped, by reason.",
                       [target(f"sum by (reason) (rate(actors_protocol_errors_total{{{SEL}}}{RATE}))", "{{reason}}")],
                       "reqps"), 8, 8)
    lay.add(timeseries("Tool-schema tokens", "Tokens of the tool schemas the agent would see: every ability (full) "
                       "vs the exposed ones (o200k, compact JSON of MCP tool objects).",
                       [target(f"sum by (view) (actors_tool_schema_tokens{{{SEL}}})", "{{view}}")]), 8, 8)

    lay.row("Calls")
    lay.add(timeseries("Call rate", "Ability calls per second, by organ and outcome.",
                       [target(f"sum by (organ, outcome) (rate(actors_calls_total{{{ORG}}}{RATE}))",
                               "{{organ}} {{outcome}}")], "reqps"), 6, 8)
    lay.add(timeseries("Error rate by cause", "Failed calls per second, by the healer's cause.",
                       [target(f"sum by (cause) (rate(actors_call_errors_total{{{ORG}}}{RATE}))", "{{cause}}")],
                       "reqps", stacked=True), 6, 8)
    lay.add(timeseries("Error ratio", "Share of each organ's calls that failed.",
                       [target(f'sum by (organ) (rate(actors_calls_total{{{ORG}, outcome="error"}}{RATE})) / '
                               f"sum by (organ) (rate(actors_calls_total{{{ORG}}}{RATE}))", "{{organ}}")],
                       "percentunit", max=1), 6, 8)
    lay.add(timeseries("Call latency p50 / p99", "Round trip through the heart, from the call histogram.",
                       [target(f"histogram_quantile({q}, sum by (le, organ) "
                               f"(rate(actors_call_duration_seconds_bucket{{{ORG}}}{RATE})))", f"p{p} {{{{organ}}}}", ref)
                        for q, p, ref in ((0.5, 50, "A"), (0.99, 99, "B"))], "s"), 6, 8)

    lay.row("Healing")
    lay.add(timeseries("Open wounds by cause", "Open wounds, by cause.",
                       [target(f"sum by (cause) (actors_wounds_open{{{ORG}}})", "{{cause}}")], stacked=True), 8, 8)
    lay.add(timeseries("Wounds opened and healed", "Wounds opened, and healed by a real success, in each interval.",
                       [target(f"sum by (cause) (increase(actors_wounds_total{{{ORG}}}{RATE}))", "opened {{cause}}"),
                        target(f"sum by (cause) (increase(actors_wounds_healed_total{{{ORG}}}{RATE}))",
                               "healed {{cause}}", "B")]), 8, 8)
    lay.add(timeseries("Retries by decision", "Retries made (retried), failures handed back to the caller (refer) "
                       "and calls refused at once by an open breaker (fail_fast), per second.",
                       [target(f"sum by (decision) (rate(actors_retries_total{{{SEL}}}{RATE}))", "{{decision}}")],
                       "reqps"), 8, 8)

    lay.row("Memory")
    lay.add(timeseries("Memory cards by kind", "Cards in memory, by kind.",
                       [target(f"sum by (kind) (actors_memory_cards{{{SEL}}})", "{{kind}}")], stacked=True), 12, 8)
    lay.add(timeseries("Recall latency p95", "95th percentile of memory recall latency.",
                       [target("histogram_quantile(0.95, sum by (le) "
                               f"(rate(actors_recall_duration_seconds_bucket{{{SEL}}}{RATE})))", "p95")], "s"), 12, 8)

    lay.row("Alerts")
    lay.add({"type": "alertlist", "title": "Firing and pending alerts",
             "description": "The rules of deploy/prometheus/alerts.yml (names start with Actors).",
             "datasource": DS, "options": {"viewMode": "list", "groupMode": "default", "maxItems": 20,
                                           "sortOrder": 1, "dashboardAlerts": False, "alertName": "Actors",
                                           "stateFilter": {"firing": True, "pending": True, "normal": False}}},
            24, 6)
    return {
        "annotations": {"list": [{"builtIn": 1, "datasource": {"type": "grafana", "uid": "-- Grafana --"},
                                  "enable": True, "hide": True, "iconColor": "rgba(0, 211, 255, 1)",
                                  "name": "Annotations & Alerts", "type": "dashboard"}]},
        "description": "An actors mesh: the heart's beat, organs, calls, healing, memory and exposure.",
        "editable": True,
        "graphTooltip": 1,
        "links": [],
        "panels": lay.panels,
        "refresh": "10s",
        "schemaVersion": 39,
        "tags": ["actors"],
        "templating": {"list": variables()},
        "time": {"from": "now-1h", "to": "now"},
        "timepicker": {},
        "timezone": "",
        "title": "actors / overview",
        "uid": "actors-overview",
        "version": 1,
    }


def variables() -> list[dict]:
    """The dashboard's variables: data source, then job, instance and organ from the data."""
    return [
        {"name": "datasource", "label": "Data source", "type": "datasource", "query": "prometheus",
         "current": {}, "hide": 0, "refresh": 1, "regex": "", "options": [], "includeAll": False, "multi": False},
        query_variable("job", "Job", "label_values(actors_build_info, job)", all_values=False),
        query_variable("instance", "Instance", 'label_values(actors_build_info{job=~"$job"}, instance)'),
        query_variable("organ", "Organ", f"label_values(actors_organ_up{{{SEL}}}, organ)"),
    ]


def query_variable(name: str, label: str, query: str, all_values: bool = True) -> dict:
    """A variable whose values come from a label_values() query, refreshed with the time range."""
    return {"name": name, "label": label, "type": "query", "datasource": DS, "definition": query,
            "query": {"query": query, "refId": f"{name}-values"}, "refresh": 2, "sort": 1, "hide": 0,
            "regex": "", "current": {}, "options": [], "includeAll": all_values, "multi": all_values,
            **({"allValue": ".+"} if all_values else {})}


BUILDERS = {"actors-overview.json": overview}


def render() -> dict[str, str]:
    """Every dashboard file's name and text."""
    return {name: json.dumps(build(), indent=2, ensure_ascii=False) + "\n" for name, build in BUILDERS.items()}


def main(argv: list[str] | None = None) -> int:
    """Write the dashboards, or with --check report the ones that differ."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="Fail if a committed dashboard is not up to date.")
    args = parser.parse_args(argv)
    stale = []
    for name, text in render().items():
        path = DASHBOARDS / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(name)
        else:
            DASHBOARDS.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python grafana/build.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
