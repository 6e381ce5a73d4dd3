"""Journal 115: gorsewatch (Jsonnet monitoring-as-code for a fibre ISP's NOC), 2026-11-16 .. 2026-11-21."""
from jlib import Journal

M = "https://mimir.noc.gorsefibre.net/prometheus/api/v1"
E_GRR = 'Error: Get "https://grafana.noc.gorsefibre.net/api/folders": 401 Unauthorized: invalid API key'
E_JS = ("RUNTIME ERROR: couldn't open import \"grafonnet/main.libsonnet\": no match locally or in the Jsonnet "
        "library paths")
E_AM = "amtool: error: required flag --alertmanager.url not provided"


def alert(j, area, test, content):
    j.ed("mixin/alerts/%s.libsonnet" % area, "rules: [", "rules: [\n      " + content + ",")
    j.wr("tests/rules/%s_test.yaml" % test,
         "rule_files:\n  - ../../rules/generated/%s.yaml\nevaluation_interval: 1m\ntests:\n  - interval: 1m\n"
         "    input_series: [...]\n    alert_rule_test: [...]\n" % area)
    j.sh("make rules && promtool test rules tests/rules/%s_test.yaml" % test, ms=5210.5)
    j.add("mixin/alerts/%s.libsonnet" % area, "tests/rules/%s_test.yaml" % test, "rules/generated/%s.yaml" % area)


def build():
    j = Journal(115030, "2026-11-16")

    # ---------------- s1 (Mon) Catrin
    j.session("s1", 0, 8, 30)
    j.p("Catrin: vendor/ is old, jb update first")
    j.sh("jb update", ms=14210.5)
    j.p("radius dashboard needs an auth failures per NAS panel")
    j.rd("mixin/dashboards/radius.jsonnet")
    j.ed("mixin/dashboards/radius.jsonnet", "panels: [", "panels: [\n    panels.timeseries('Auth failures / NAS', 'sum by (nas) (rate(radius_auth_reject_total[5m]))'),")
    j.ed("mixin/dashboards/radius.jsonnet", "gridPos: { h: 8, w: 12, x: 0, y: 16 }", "gridPos: { h: 8, w: 24, x: 0, y: 16 }")
    j.sh("make dashboards", ms=6120.5)
    j.p("push it to grafana so the noc has it today")
    j.sh("grr apply dashboards/out/radius.json", err=E_GRR, ms=640.5)
    j.sh("env | grep -i grafana", ms=12.5)
    j.p("no token on the jump host I guess. ok, leave it for CI")
    j.p("new alert: dhcp pool above 90% on any BNG for 10m")
    alert(j, "dhcp", "dhcp_pool_high",
          "{ alert: 'DhcpPoolHigh', expr: 'dhcp_pool_used_ratio > 0.9', 'for': '10m', labels: { severity: 'warning' } }")
    j.p("does mimir actually have the pool metric for every bng")
    j.get(M + "/query?query=count+by+(bng)(dhcp_pool_used_ratio)")
    j.get(M + "/series?match[]=dhcp_pool_used_ratio", err="HTTP 502 Bad Gateway")
    j.p("commit")
    j.commit("alerts: DhcpPoolHigh")
    j.p("make test before I go")
    j.sh("make test", ms=8410.5)

    # ---------------- s2 (Tue) Osei
    j.session("s2", 1, 9, 0)
    j.p("Osei: ont alarms dashboard, what does the generated json look like for the alarm table? column order")
    j.sh("jsonnet mixin/dashboards/ont-alarms.jsonnet", err=E_JS, ms=310.5)
    j.sh("jsonnet -J vendor mixin/dashboards/ont-alarms.jsonnet | jq '.panels[3].transformations'", ms=1210.5)
    j.p("swap them: serial before site")
    j.ed("mixin/dashboards/ont-alarms.jsonnet", "indexByName: { site: 0, serial: 1 }", "indexByName: { serial: 0, site: 1 }")
    j.sh("make dashboards", ms=5980.5)
    j.sh("make lint", ms=2410.5)
    j.p("and diff it against what's in grafana now")
    j.sh("grr diff dashboards/out/ont-alarms.json", err=E_GRR, ms=610.5)
    j.p("ok whatever, CI applies on merge. commit")
    j.add("mixin/dashboards/ont-alarms.jsonnet")
    j.commit("ont-alarms: serial column first")
    j.p("quick one: ONTs in alarm right now, per site")
    j.get(M + "/query?query=sum+by+(site)(ont_alarm_active)", err="HTTP 504 Gateway Timeout")
    j.get(M + "/query?query=sum+by+(site)(ont_alarm_active)")
    j.p("thanks, that's all")

    # ---------------- s3 (Wed) Dafydd
    j.session("s3", 2, 8, 10)
    j.p("Dafydd: core switch fan failure alert, 5m, critical")
    alert(j, "switch", "switch_fan",
          "{ alert: 'CoreSwitchFanFailed', expr: 'switch_fan_ok == 0', 'for': '5m', labels: { severity: 'critical', team: 'core' } }")
    j.p("where does a critical from team=core end up? has to be the pager")
    j.sh("amtool config routes test --verify.receivers=noc-pager severity=critical team=core", err=E_AM, ms=45.5)
    j.sh("amtool config routes test --config.file=alertmanager/alertmanager.yml --verify.receivers=noc-pager "
         "severity=critical team=core", ms=80.5)
    j.p("good. commit")
    j.commit("alerts: CoreSwitchFanFailed")
    j.p("dns resolvers: query rate per resolver over the last day, for the capacity chat")
    j.get(M + "/query_range?query=sum+by+(instance)(rate(dns_queries_total[5m]))&start=1795420800&end=1795507200&step=300")
    j.get(M + "/query?query=dns_resolver_up")
    j.p("write it up in docs/capacity/dns.md and commit")
    j.wr("docs/capacity/dns.md", "# DNS resolvers\n\nPeak 2.1k qps on res1, 1.7k on res2 (17 Nov). Headroom ok until Q3.\n")
    j.add("docs/capacity/dns.md")
    j.commit("docs: dns capacity note")
    j.p("fmt check + tests")
    j.sh("make fmt-check", ms=1510.5)
    j.sh("make test", ms=8930.5)

    # ---------------- s4 (Thu) Catrin, then Osei
    j.session("s4", 3, 8, 40)
    j.p("Catrin: ntp dashboard, offset panel unit is wrong. show me the rendered panel first")
    j.sh("jsonnet mixin/dashboards/ntp.jsonnet", err=E_JS, ms=290.5)
    j.sh("jsonnet -J vendor mixin/dashboards/ntp.jsonnet | jq '.panels[] | select(.title==\"Offset\")'", ms=1130.5)
    j.p("seconds, not ms. both offset panels")
    j.ed("mixin/dashboards/ntp.jsonnet", "unit: 'ms', // offset", "unit: 's', // offset")
    j.ed("mixin/dashboards/ntp.jsonnet", "unit: 'ms', // offset p99", "unit: 's', // offset p99")
    j.p("publish")
    j.sh("make dashboards", ms=6010.5)
    j.sh("grr apply dashboards/out/ntp.json", err=E_GRR, ms=655.5)
    j.p("right, CI does that. commit then")
    j.diff("mixin/dashboards/ntp.jsonnet")
    j.add("mixin/dashboards/ntp.jsonnet")
    j.commit("ntp: offset in seconds")
    j.p("Osei: wifi ap alert is way too noisy, for: 15m and fix its test")
    j.ed("mixin/alerts/wifi.libsonnet", "'for': '5m', // ap down", "'for': '15m', // ap down")
    j.sh("make rules && promtool test rules tests/rules/wifi_ap_down_test.yaml",
         err="Unit Testing:  tests/rules/wifi_ap_down_test.yaml\n  FAILED:\n    alertname: WifiApDown, time: 10m0s,\n"
             "        exp:[...]\n        got:[]", ms=5010.5)
    j.ed("tests/rules/wifi_ap_down_test.yaml", "eval_time: 10m", "eval_time: 20m")
    j.sh("make rules && promtool test rules tests/rules/wifi_ap_down_test.yaml", ms=4980.5)
    j.add("mixin/alerts/wifi.libsonnet", "tests/rules/wifi_ap_down_test.yaml", "rules/generated/wifi.yaml")
    j.p("lint too")
    j.sh("make lint", ms=2380.5)
    j.p("mimir: radius accounting stops yesterday evening, per hour")
    j.get(M + "/query_range?query=sum(increase(radius_acct_stop_total[1h]))&start=1795543200&end=1795572000&step=3600",
          err="HTTP 429 Too Many Requests: too many outstanding requests")
    j.p("leave it, it's busy")

    # ---------------- s5 (Fri) Dafydd
    j.session("s5", 4, 8, 20)
    j.p("Dafydd: sfp temperature alert on the core uplinks, >70C for 10m")
    alert(j, "optics", "sfp_temp",
          "{ alert: 'SfpTemperatureHigh', expr: 'sfp_temperature_celsius > 70', 'for': '10m', labels: { severity: 'warning' } }")
    j.p("commit, then look at current sfp temps in mimir so the threshold isn't silly")
    j.commit("alerts: SfpTemperatureHigh")
    j.get(M + "/query?query=max+by+(device)(sfp_temperature_celsius)")
    j.p("and the max over the last week")
    j.get(M + "/query?query=max_over_time(sfp_temperature_celsius[7d])", err="HTTP 502 Bad Gateway")
    j.p("tidy: runbook links should point to the wiki, not old confluence")
    j.ed("mixin/alerts/optics.libsonnet", "https://confluence.gorsefibre.net/x/", "https://wiki.noc.gorsefibre.net/runbooks/")
    j.ed("mixin/alerts/switch.libsonnet", "https://confluence.gorsefibre.net/x/", "https://wiki.noc.gorsefibre.net/runbooks/")
    j.sh("make rules", ms=3110.5)
    j.p("commit")
    j.status()
    j.add("mixin/alerts/optics.libsonnet", "mixin/alerts/switch.libsonnet", "rules/generated/optics.yaml",
          "rules/generated/switch.yaml")
    j.commit("alerts: runbook links to wiki")
    j.p("whole test suite before the weekend pls")
    j.sh("make test", ms=9020.5)
    j.sh("make lint", ms=2350.5)

    # ---------------- s6 (Sat) Osei
    j.session("s6", 5, 10, 15)
    j.p("Osei: contractor team (fibre build) needs a route, their warnings go to their mailbox")
    j.rd("alertmanager/alertmanager.yml")
    j.ed("alertmanager/alertmanager.yml", "  routes:\n", "  routes:\n    - matchers: [team=\"contractor\"]\n      receiver: contractor-email\n")
    j.p("prove a warning from team=contractor lands in contractor-email")
    j.sh("amtool config routes test --verify.receivers=contractor-email severity=warning team=contractor", err=E_AM, ms=41.5)
    j.sh("amtool config routes test --config.file=alertmanager/alertmanager.yml --verify.receivers=contractor-email "
         "severity=warning team=contractor", ms=77.5)
    j.p("commit that")
    j.add("alertmanager/alertmanager.yml")
    j.commit("alertmanager: contractor route")
    j.log(3)
    j.p("grafana: push the contractor dashboard as well")
    j.sh("make dashboards", ms=6140.5)
    j.sh("grr apply dashboards/out/contractor.json", err=E_GRR, ms=630.5)
    j.p("ugh, of course. CI then")
    j.p("mixtool lint on the mixin + tests")
    j.sh("mixtool lint mixin/mixin.libsonnet", ms=3410.5)
    j.sh("make test", ms=8800.5)
    j.p("last: are email notifications actually flowing, check mimir")
    j.get(M + "/query?query=sum(rate(alertmanager_notifications_total{integration=\"email\"}[1h]))")
    j.get(M + "/query?query=sum(rate(alertmanager_notifications_failed_total[1h]))",
          err="ConnectionResetError: [Errno 104] Connection reset by peer")
    return j
