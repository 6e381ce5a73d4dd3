"""Journal 148: lunchbridge (Ballerina 2201.10 integration service), 2026-11-09 .. 2026-11-14."""
from jlib import sh, rd, wr, ed, ls, get, gstatus, gdiff, gadd, gcommit, glog, build

SEED = 148053
PT = "https://sandbox.paytill.co.uk/v3/"
DROP = "/mnt/menudrop/incoming"
TRIVY_ERR = ("%sZ\tFATAL\tinit error: DB error: failed to download vulnerability DB: OCI repository error: "
             "GET https://ghcr.io/v2/aquasecurity/trivy-db/manifests/2: dial tcp 140.82.121.34:443: i/o timeout")
BALTEST_ERR = "error: value not provided for required configurable variable 'paytillApiKey'\n\tat lunchbridge.paytill: init"
TESTCFG = "BAL_CONFIG_FILES=config/test.toml "


def regen(ver, msg):
    return [
        sh("bal openapi -i specs/paytill-%s.yaml --mode client -o modules/paytill" % ver),
        gdiff("modules/paytill"),
        gadd("modules/paytill", "specs/paytill-%s.yaml" % ver),
        gcommit(msg),
    ]


S1 = [
    "LB-41 paytill put out 3.1 of their api, our client needs regenerating",
] + regen("3.1", "LB-41 PayTill client from spec 3.1") + [
    "build the image and scan it, Dave wants a report before friday",
    sh("bal build --cloud=docker"),
    sh("docker images lunchbridge --format '{{.Tag}} {{.Size}}'"),
    sh("trivy image --severity HIGH,CRITICAL lunchbridge:0.9.0", error=TRIVY_ERR % "2026-11-09T10:41:27"),
    "annoying. skip it for now",
    "freya: pupil 40117 at St Bride's shows 0.00 in our app, what does paytill say",
    get(PT + "pupils/40117/balance", error="HTTP 502 Bad Gateway"),
    get(PT + "pupils/40117/balance"),
    "ok 12.40 there, so its our sync. later",
    "next week's menus from the caterer in yet?",
    ls(DROP),
    rd(DROP + "/menu-2026-w47.csv"),
    rd(DROP + "/menu-2026-w47-allergens.csv"),
]

S2 = [
    "joe: order mapper rewrite is merged, run the tests",
    sh("bal test", error=BALTEST_ERR),
    sh(TESTCFG + "bal test"),
    sh("bal build"),
    "freya: caterer sends VG now instead of VEG, map both",
    rd("modules/menu/diet.bal"),
    ed("modules/menu/diet.bal", '"VEG" => VEGETARIAN_VEGAN,', '"VEG"|"VG" => VEGETARIAN_VEGAN,'),
    ed("modules/menu/tests/diet_test.bal", 'test:assertEquals(toDiet("VEG"), VEGETARIAN_VEGAN);', 'test:assertEquals(toDiet("VEG"), VEGETARIAN_VEGAN);\n    test:assertEquals(toDiet("VG"), VEGETARIAN_VEGAN);'),
    sh("bal test --tests lunchbridge.menu:*"),
    "anything in the drop for the christmas week yet",
    ls(DROP, error="EIO: i/o error, scandir '/mnt/menudrop/incoming'"),
    ls(DROP),
    "only w47 and w48. ok",
    "commit the diet bit",
    gadd("modules/menu/diet.bal"),
    gadd("modules/menu/tests/diet_test.bal"),
    gcommit("Accept VG as a diet code"),
]

S3 = [
    "LB-44 paytill hotfix, spec 3.1.1, refund object changed. regen",
] + regen("3.1.1", "LB-44 PayTill client from spec 3.1.1") + [
    "trivy once more? maybe the proxy was just down on monday",
    sh("trivy image --severity HIGH,CRITICAL lunchbridge:0.9.1", error=TRIVY_ERR % "2026-11-11T09:58:02"),
    "refund for order 88120 has been pending for two days, what does the sandbox have",
    get(PT + "refunds/88120"),
    get(PT + "refunds/88120/events", error="HTTP 503 Service Unavailable"),
    get(PT + "refunds/88120/events"),
    "build is broken after the regen, fix the callers",
    sh("bal build", error="ERROR [modules/refunds/refunds.bal:(58:23,58:41)] undefined field 'refundState' in record 'paytill:Refund'"),
    rd("modules/refunds/refunds.bal"),
    rd("modules/paytill/types.bal"),
    ed("modules/refunds/refunds.bal", "r.refundState", "r.status"),
    sh("bal build"),
    sh("bal test --tests lunchbridge.refunds:*"),
    "commit",
    gadd("modules/refunds/refunds.bal"),
    gadd("modules/refunds/tests/refunds_test.bal"),
    gcommit("Refunds: follow PayTill 3.1.1 status field"),
]

S4 = [
    "joe: council security review wants the image scanned. longer timeout maybe?",
    sh("trivy image --severity HIGH,CRITICAL --timeout 15m lunchbridge:0.9.1", error=TRIVY_ERR % "2026-11-12T13:20:45"),
    "forget trivy then, CI does it",
    "did the allergen matrix land in the drop",
    ls(DROP, error="ENOTCONN: socket is not connected, scandir '/mnt/menudrop/incoming'"),
    ls(DROP, error="ETIMEDOUT: operation timed out, scandir '/mnt/menudrop/incoming'"),
    ls(DROP),
    rd(DROP + "/menu-2026-w48-allergens.csv"),
    "freya: balances for the three St Bride's kids who topped up yesterday",
    get(PT + "pupils/40117/balance"),
    get(PT + "pupils/40122/balance"),
    get(PT + "pupils/40130/balance", error="HTTP 429 Too Many Requests"),
    get(PT + "pupils/40130/balance"),
    "format check before I ask for review",
    sh("bal format --dry-run"),
    sh("bal format"),
    sh("bal build"),
]

S5 = [
    "hamid: I need the coverage figure for the release notes, run the tests",
    sh("bal test --code-coverage", error=BALTEST_ERR),
    sh(TESTCFG + "bal test --code-coverage"),
    sh("ls target/report"),
    rd("target/report/test_results.json"),
    "whats new in the drop since wednesday",
    ls(DROP, error="EIO: i/o error, scandir '/mnt/menudrop/incoming'"),
    ls(DROP),
    "joe: the order export cron took 40 min last night, look at its log",
    rd("logs/order-export.log"),
    sh("grep -c 'batch done' logs/order-export.log"),
    sh("tail -30 logs/order-export.log"),
    "fine, the caterer's api was slow. nothing for us",
]

S6 = [
    "freya: paytill 3.2 is out, adds mealCredit on the pupil. regen the client",
] + regen("3.2", "PayTill client from spec 3.2 (mealCredit)") + [
    "does the sandbox return it already? pupil 40117",
    get(PT + "pupils/40117", error="ETIMEDOUT: connect timed out after 10000ms"),
    get(PT + "pupils/40117", error="ECONNRESET: socket hang up"),
    get(PT + "pupils/40117"),
    "hamid: scan the 1.0.0 image before it goes to the council",
    sh("bal build --cloud=docker"),
    sh("trivy image lunchbridge:1.0.0", error=TRIVY_ERR % "2026-11-14T11:07:33"),
    "yes yes, CI",
    "menus for monday in the drop?",
    ls(DROP, error="ENOTCONN: socket is not connected, scandir '/mnt/menudrop/incoming'"),
    ls(DROP),
]

SESSIONS = [
    ("s1", "2026-11-09", "09:35", S1),
    ("s2", "2026-11-10", "08:48", S2),
    ("s3", "2026-11-11", "09:02", S3),
    ("s4", "2026-11-12", "12:40", S4),
    ("s5", "2026-11-13", "08:20", S5),
    ("s6", "2026-11-14", "10:15", S6),
]


def events():
    return build(SESSIONS, SEED)
