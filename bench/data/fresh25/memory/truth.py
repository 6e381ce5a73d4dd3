"""Planted lessons, project lines and notes, inline (from profiles.md). Queries and negatives are in queries.py."""

PROJECT = {
    93: "pereezd: a SPARK/Ada 2012 controller for railway level crossings (barrier, lights, approach sensors); gprbuild "
        "with GNAT 13, an AUnit test project tests/tests.gpr, gnatpp, gnatcov, gnatprove meant for the CI job `prove`, "
        "timings generated from config/timings.toml by tools/gen_timings.py, a HIL relay bench API at "
        "stend-2.pereezd.lan:8080. The team (Алексей, Марина, Дмитрий) writes to the agent in Russian.",
    94: "kogarashi-kb: a split 60% keyboard PCB in KiCad 8 (hw/kogarashi.kicad_sch, hw/left.kicad_pcb, "
        "hw/right.kicad_pcb); kicad-cli for ERC/DRC/exports, KiBot (kibot.yaml), scripts/jlc_bom.py for the JLCPCB BOM, "
        "the LCSC API (wmsc.lcsc.com) for stock and prices, an order share at /mnt/fab-share, keymap JSON in firmware/. "
        "The team (佐藤, 高橋, 小林) writes to the agent in Japanese.",
    95: "liman-bakim: Odoo 17 custom addons for a marina maintenance company (addons/liman_bakim, addons/liman_fatura); "
        "odoo-bin with config/dev.conf, pylint-odoo, Turkish translations in i18n/tr.po checked with msgfmt, "
        "PostgreSQL 16 server with version-14 client tools on the box, an e-invoice integrator test API at "
        "test.efaturaportal.net. The team (Emre, Zeynep, Burak) writes to the agent in Turkish.",
    96: "comnha: an Expo SDK 52 / React Native (TypeScript) app for ordering home-cooked meals; pnpm, jest-expo, tsc, "
        "eslint, Maestro flows in .maestro/, EAS Build/Update, design tokens in tokens/*.json built by style-dictionary "
        "(`pnpm run tokens`), a staging API at api-staging.comnha.vn, google-services.json kept as an EAS file secret. "
        "The team (Minh, Linh, Huy) writes to the agent in Vietnamese.",
}

PLANTED = {
    93: [
        dict(kind="pitfall", ability="shell.run", anchor="gnatprove",
             description="gnatprove cannot start on this dev box: the image lacks libgmp.so.10, so every proof run dies "
                         "at once. SPARK proofs are only available from the CI job `prove`; don't try them here.",
             evidence="4 failures in s1, s3, s5 (two in s5), one signature; no gnatprove success anywhere"),
        dict(kind="rule", ability="shell.run", anchor="gprbuild",
             description="The AUnit test project does not build with plain `gprbuild -P tests/tests.gpr`: aunit is not "
                         "on the default project path here. Prefix `GPR_PROJECT_PATH=/opt/aunit/share/gpr`; the main "
                         "project pereezd.gpr builds without it.",
             evidence="fail then fix with the GPR_PROJECT_PATH prefix in s2 and s4"),
        dict(kind="playbook", ability="shell.run", anchor="gen_timings",
             sequence=["fs.edit_file", "shell.run", "git.diff", "git.add"],
             description="Changing a crossing timing: edit config/timings.toml, run `python3 tools/gen_timings.py`, "
                         "check the diff of src/generated/timings.ads, stage both files.",
             evidence="same 4-call segment in s1 (raise delay), s3 (warning lead), s6 (lowering pause)"),
        dict(kind="weak_link", ability="http.get", anchor="stend-2.pereezd.lan",
             description="The HIL bench API (stend-2.pereezd.lan:8080) is flaky: 502/503, refused connections, "
                         "timeouts. Retry before concluding the bench is down or a scenario failed.",
             evidence="12 calls, 6 ok (50%), four different errors"),
        dict(kind="playbook", ability="shell.run", anchor="gnatcov",
             sequence=["shell.run", "fs.read_file", "fs.edit_file"],
             description="Coverage figures for the audit file: `gnatcov coverage -P pereezd.gpr "
                         "--level=stmt+decision --annotate=report -o obj/cov/report.txt …`, read obj/cov/report.txt, "
                         "edit the table in docs/COVERAGE.md.",
             evidence="same 3-call segment in s2, s4, s5"),
    ],
    94: [
        dict(kind="rule", ability="shell.run", anchor="kicad-cli",
             description="kicad-cli ERC and DRC fail on this box because it has no global symbol/footprint library "
                         "tables. Prefix `KICAD8_SYMBOL_DIR=/usr/share/kicad/symbols "
                         "KICAD8_FOOTPRINT_DIR=/usr/share/kicad/footprints`; plain exports work without it.",
             evidence="fail then fix with the KICAD8_* prefix in s1 (sch erc) and s4 (pcb drc)"),
        dict(kind="pitfall", ability="shell.run", anchor="kibot",
             description="KiBot cannot import KiCad's pcbnew Python module on this box, so no KiBot output "
                         "(gerbers, iBOM, renders, the fab bundle) can be made here; 高橋 builds the bundles on his "
                         "machine. Don't run kibot here.",
             evidence="4 failures in s2, s3, s5, one signature; no kibot success anywhere"),
        dict(kind="playbook", ability="shell.run", anchor="jlc_bom",
             sequence=["fs.edit_file", "shell.run", "fs.read_file", "git.add"],
             description="Swapping a part: edit the LCSC field in hw/kogarashi.kicad_sch, run `python3 "
                         "scripts/jlc_bom.py hw/kogarashi.kicad_sch`, read fab/jlc/bom.csv, stage both.",
             evidence="same 4-call segment in s1, s3, s6"),
        dict(kind="weak_link", ability="http.get", anchor="wmsc.lcsc.com",
             description="The LCSC API (wmsc.lcsc.com) is rate-limited and flaky: 429, 5xx, timeouts; retry and "
                         "don't read a failure as 'out of stock'.",
             evidence="11 calls, 6 ok (55%), three different errors"),
        dict(kind="pitfall", ability="fs.write_file", anchor="fab-share",
             description="/mnt/fab-share is mounted read-only on this box: every write there fails. Put files in the "
                         "repo's fab/ and let 小林 copy them to the order share.",
             evidence="3 failures in s2, s4, s5, one signature; never written"),
    ],
    95: [
        dict(kind="rule", ability="shell.run", anchor="odoo-bin",
             description="Plain `odoo-bin …` reads the stale ~/.odoorc of the old Odoo 15 install and dies on its "
                         "addons path. Always run `odoo-bin -c config/dev.conf …` (tests, module updates).",
             evidence="fail then fix with `-c config/dev.conf` in s1 and s4"),
        dict(kind="pitfall", ability="shell.run", anchor="pg_dump",
             description="pg_dump on this box is version 14 and the servers run PostgreSQL 16: every dump aborts on "
                         "the version mismatch. Use the nightly dumps from the backup instead.",
             evidence="3 failures in s2, s3, s6, one signature; no pg_dump success anywhere"),
        dict(kind="playbook", ability="shell.run", anchor="msgfmt",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="Fixing Turkish translations: edit addons/<module>/i18n/tr.po, `msgfmt --check-format -o "
                         "/dev/null` on it, stage, commit.",
             evidence="same 4-call segment in s1, s3, s5"),
        dict(kind="weak_link", ability="http.get", anchor="test.efaturaportal.net",
             description="The e-invoice integrator's test API (test.efaturaportal.net) is flaky: 5xx, timeouts, "
                         "resets; retry before concluding anything about an invoice.",
             evidence="10 calls, 5 ok (50%), four different errors"),
        dict(kind="rule", ability="fs.read_file", anchor="__manifest__.py",
             description="Modules live under addons/: `liman_bakim/__manifest__.py` does not exist, "
                         "`addons/liman_bakim/__manifest__.py` is the file.",
             evidence="ENOENT then the addons/ path read in s2 and s5"),
    ],
    96: [
        dict(kind="pitfall", ability="shell.run", anchor="maestro",
             description="No emulator or device is attached on this box, so Maestro e2e flows never run here; they "
                         "run on CI. Don't start maestro test locally.",
             evidence="4 failures in s1, s3, s4, one signature; no maestro success anywhere"),
        dict(kind="rule", ability="shell.run", anchor="eas",
             description="`eas build` from the agent's shell stops on an interactive prompt it cannot answer. Add "
                         "`--non-interactive --no-wait` to every eas build.",
             evidence="fail then fix with --non-interactive --no-wait in s2 and s5"),
        dict(kind="playbook", ability="shell.run", anchor="tokens",
             sequence=["fs.edit_file", "shell.run", "git.status", "git.add"],
             description="Changing a design token: edit tokens/*.json, `pnpm run tokens` (style-dictionary), "
                         "git status to see the generated theme files, stage them.",
             evidence="same 4-call segment in s2, s4, s6"),
        dict(kind="weak_link", ability="http.get", anchor="api-staging.comnha.vn",
             description="The staging API (api-staging.comnha.vn) is flaky: 502/504, resets, timeouts; retry before "
                         "calling an endpoint broken.",
             evidence="10 calls, 5 ok (50%), four different errors"),
        dict(kind="pitfall", ability="fs.read_file", anchor="google-services.json",
             description="google-services.json is not in the repo (it is an EAS file secret), so reading it always "
                         "fails; the Firebase Android settings are in app.config.ts and the EAS secret.",
             evidence="3 ENOENT failures in s2, s4, s5; never read"),
    ],
}

NOTES = {
    93: "Russian-speaking team; progress texts, queries and negatives are in Russian, commands, paths and errors as "
        "programs print them. gprbuild is also used successfully for the main project (p2 matters only for the test "
        "project); gnatprove never succeeds (p1). Two playbooks share shell.run with different orders (p3 edit first, "
        "p5 shell first). Noise: a missing case branch fixed at once, gnatpp formatting.",
    94: "Japanese-speaking team; program names as the team writes them (KiBot/kibot, ERC, DRC, BOM). kicad-cli also "
        "succeeds for exports without the prefix; the rule matters for ERC/DRC. The LCSC API failures are never "
        "followed in the same session by a success on that host with other arguments. Noise: a keymap JSON syntax "
        "error fixed at once.",
    95: "Turkish-speaking team; Turkish word forms with suffixes (modülünün, veritabanında). odoo-bin succeeds after "
        "the fix and for other commands; pg_dump never succeeds. The manifest rule is a path rule on fs.read_file. "
        "Noise: a pylint-odoo warning fixed at once, an XML view typo.",
    96: "Vietnamese-speaking team; English loanwords as Vietnamese developers type them (build, flow, token, staging, "
        "test). pnpm succeeds for tests, lint and tokens; eas succeeds after the fix and for eas update. "
        "Noise: a tsc type error and a jest snapshot fixed at once.",
}


def truth(n, queries, negatives, lang):
    planted = []
    for i, p in enumerate(PLANTED[n], 1):
        d = {"id": "j%d-p%d" % (n, i), "kind": p["kind"], "ability": p["ability"], "anchor": p["anchor"]}
        if "sequence" in p:
            d["sequence"] = p["sequence"]
        d["description"] = p["description"]
        d["evidence"] = p["evidence"]
        planted.append(d)
    return {
        "project": PROJECT[n],
        "planted": planted,
        "queries": [{"q": q, "planted_id": pid, "lang": lang} for pid, q in queries],
        "negatives": list(negatives),
        "negatives_lang": lang,
        "notes": NOTES[n],
    }
