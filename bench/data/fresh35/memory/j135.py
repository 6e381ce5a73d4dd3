"""journal-135: quaywise-p4 (P4_16 data plane for a container terminal's OT network). s1/s4 Dmitri, s2/s5 Catalina, s3/s6 Thanh."""
from jlib import Journal

INT = "https://int-collector.quaywise.net/api/v1/"
BF = "bf-p4c --target tofino --arch tna -I p4src/include -o build/tofino p4src/quay_tna.p4"
E_BF = "bf-p4c: error: licence check failed: no valid Intel P4 Studio licence found (BF_SDE_LICENSE_FILE not set)"
BM_BAD = "p4c-bm2-ss --arch v1model -o build/quay.json p4src/quay.p4"
BM_OK = "p4c-bm2-ss -I p4src/include --arch v1model -o build/quay.json p4src/quay.p4"
E_BM = "p4src/quay.p4(3): [--Werror=not-found] error: #include file headers.p4 not found"
P4INFO = "build/p4info/quay.p4info.txtpb"
E502 = "HTTP 502 Bad Gateway"
ETO = "ReadTimeout: HTTPSConnectionPool(host='int-collector.quaywise.net', port=443): Read timed out. (read timeout=20)"
ERST = "ConnectionResetError: [Errno 104] Connection reset by peer"
E500 = "HTTP 500 Internal Server Error"


def p4info(j, src):
    j.ed("p4src/" + src)
    j.sh("make p4info", dur=23000)
    j.gd([P4INFO])
    j.ga(["p4src/" + src, P4INFO])


def ptf(j, name):
    j.rd("ptf/tests/acl_test.py")
    j.wr("ptf/tests/%s_test.py" % name)
    j.sh("ssh p4lab-03 'cd quaywise-p4 && git pull -q && sudo make ptf TEST=%s_test'" % name, dur=98000)
    j.ga(["ptf/tests/%s_test.py" % name])


def build():
    j = Journal(135135)

    # ---- s1 Dmitri, Mon 2026-11-16
    j.day("s1", "2026-11-16", "09:03")
    j.p("hi. first: just p4c for bmv2, I changed ipv4 parser state, show warnings")
    j.sh(BM_BAD, err=E_BM, dur=1800)
    j.sh("ls p4src p4src/include")
    j.sh(BM_OK, dur=14000)
    j.p("ok 1 warning unused action, fine")
    j.p("drop counter per egress port in ingress control, then p4info + stage")
    p4info(j, "ingress.p4")
    j.p("commit")
    j.gc("ingress: per-port drop counter")
    j.p("queue depth tor-a1 from collector, last 30 min")
    j.get(INT + "queues?switch=tor-a1&window=30m")
    j.p("and hop latency same window")
    j.get(INT + "hops?switch=tor-a1&window=30m", err=E502)
    j.p("nevermind")
    j.p("runbook: new OT contact is Mireya Santos, ext 4471")
    j.rd("docs/runbook.md")
    j.ed("docs/runbook.md")
    j.gd(["docs/runbook.md"])
    j.rd("docs/contacts.md")
    j.ed("docs/contacts.md")
    j.p("good, commit both")
    j.ga(["docs/runbook.md", "docs/contacts.md"])
    j.gc("docs: new OT network contact")
    j.gst()
    j.p("thx")

    # ---- s2 Catalina, Tue 2026-11-17
    j.day("s2", "2026-11-17", "08:40")
    j.p("hi! test for quarantine VLAN 999: all must be dropped. base it on acl_test, run on p4lab-03, add")
    ptf(j, "quarantine_vlan_drop")
    j.p("commit please")
    j.gc("ptf: quarantine VLAN drop test")
    j.p("ACL table v2 fits in tofino stages? compile tna")
    j.sh(BF, err=E_BF, dur=2200)
    j.p("ah ok, Dmitri has the licence on build server")
    j.p("flow reports from gate 2 today from INT")
    j.get(INT + "flows?site=gate2&since=today", err=ETO)
    j.get(INT + "flows?site=gate2&since=today")
    j.p("python script: port map csv -> table entries json")
    j.rd("data/terminal_ports.csv")
    j.wr("tools/portmap_entries.py")
    j.sh("python3 tools/portmap_entries.py data/terminal_ports.csv -o runtime/portmap.json")
    j.rd("runtime/portmap.json")
    j.sh("python3 -m json.tool runtime/portmap.json")
    j.p("ok add + commit")
    j.ga(["tools/portmap_entries.py", "runtime/portmap.json"])
    j.gc("tools: port map entries from terminal CSV")
    j.gl({"max_count": 1})
    j.p("thank you")

    # ---- s3 Thanh, Wed 2026-11-18
    j.day("s3", "2026-11-18", "09:15")
    j.p("crane VLANs: add table, key vlan id exact, update p4info and stage")
    p4info(j, "ingress.p4")
    j.p("commit")
    j.gc("ingress: crane_vlan table, exact vlan_id")
    j.p("who changed ecmp hash algo?")
    j.gl({"path": "p4src/ecmp.p4", "max_count": 10})
    j.p("crc16 -> crc32 by Dmitri in oct, ok")
    j.p("full ptf suite on lab vm")
    j.sh("ssh p4lab-03 'cd quaywise-p4 && git pull -q && sudo make ptf'", dur=410000)
    j.sh("ssh p4lab-03 'cat quaywise-p4/ptf/ptf.log | tail -n 30'")
    j.p("2 failed? mirror_test. look at it")
    j.rd("ptf/tests/mirror_test.py")
    j.ed("ptf/tests/mirror_test.py")
    j.sh("ssh p4lab-03 'cd quaywise-p4 && git pull -q && sudo make ptf TEST=mirror_test'", dur=87000,
         err="FAILED (failures=1): mirror_test.MirrorToCollectorTest: Expected packet was not received on device 0, port 31")
    j.ed("ptf/tests/mirror_test.py")
    j.sh("ssh p4lab-03 'cd quaywise-p4 && git pull -q && sudo make ptf TEST=mirror_test'", dur=85000)
    j.p("collector: reports count gate 4 today")
    j.get(INT + "flows/count?site=gate4&since=today", err=ERST)
    j.p("try later")
    j.p("commit the mirror test fix")
    j.ga(["ptf/tests/mirror_test.py"])
    j.gc("ptf: mirror test expects collector port 31")
    j.p("thanks a lot")

    # ---- s4 Dmitri, Thu 2026-11-19
    j.day("s4", "2026-11-19", "08:55")
    j.p("bmv2 json by hand, I load it myself in simple_switch_grpc")
    j.sh(BM_BAD.replace("build/quay.json", "/tmp/quay.json"), err=E_BM, dur=1700)
    j.sh(BM_OK.replace("build/quay.json", "/tmp/quay.json"), dur=13500)
    j.p("now tofino resources for ACL v2")
    j.sh(BF + " --create-graphs", err=E_BF, dur=2000)
    j.p("right, not on this machine. later on build server")
    j.p("test for mirror session 5 -> collector, like acl test, run in lab, add")
    ptf(j, "mirror_session5")
    j.p("commit")
    j.gc("ptf: mirror session 5 to collector port")
    j.p("hop latency path rtg-12 -> scada-gw from collector")
    j.get(INT + "paths?src=rtg-12&dst=scada-gw&window=1h")
    j.p("license headers in controller/*.py, the new files")
    j.sh("grep -L 'SPDX-License-Identifier' controller/*.py")
    j.ed("controller/portmap_push.py")
    j.ed("controller/int_config.py")
    j.sh("grep -L 'SPDX-License-Identifier' controller/*.py")
    j.p("ok")

    # ---- s5 Catalina, Fri 2026-11-20
    j.day("s5", "2026-11-20", "09:30")
    j.p("telemetry header: add vlan_pcp 3 bits, p4info, stage pls")
    p4info(j, "headers.p4")
    j.p("commit, controller team needs it")
    j.gc("headers: vlan_pcp in INT metadata")
    j.p("queue depth tor-c1 last 2h")
    j.get(INT + "queues?switch=tor-c1&window=2h", err=E500)
    j.p("again")
    j.get(INT + "queues?switch=tor-c1&window=2h")
    j.p("Makefile help says compilate, fix it and commit")
    j.sh("grep -n compilate Makefile")
    j.ed("Makefile")
    j.sh("make help")
    j.ga(["Makefile"])
    j.gc("Makefile: help text typo")
    j.p("ready, bye")

    # ---- s6 Thanh, Sat 2026-11-21
    j.day("s6", "2026-11-21", "10:05")
    j.p("test TTL expiry: ttl=1 must go to cpu port 64. copy acl test style, run lab, add")
    ptf(j, "ttl_expiry")
    j.p("commit")
    j.gc("ptf: TTL expiry punted to CPU")
    j.p("build tofino for the gate network switches")
    j.sh(BF.replace("quay_tna.p4", "quay_gate_tna.p4"), err=E_BF, dur=2100)
    j.p("ok, skip, ask Dmitri")
    j.p("INT collector health + flows gate 4")
    j.get(INT + "health")
    j.get(INT + "flows?site=gate4&since=today", err=ETO)
    j.p("hm ok")
    j.p("parser comments still russian, translate to english")
    j.rd("p4src/parser.p4")
    j.ed("p4src/parser.p4")
    j.ed("p4src/parser.p4")
    j.gd(["p4src/parser.p4"])
    j.ga(["p4src/parser.p4"])
    j.gc("parser: comments in English")
    j.p("finish, thanks")
    return j
