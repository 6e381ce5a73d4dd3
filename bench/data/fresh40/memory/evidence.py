"""Evidence strings (as computed by check.py) and per-journal notes of fresh40, inline."""
EVIDENCE = {
    "j153-p1": "4 failures in s1, s3, s5 (two in s5), one signature (no route to kiln-pi); no scp success anywhere",
    "j153-p2": "fail then fix with `minizinc -I mzn-lib` in s2 (cp-sat, wk49) and s4 (chuffed, wk50)",
    "j153-p3": "same 4-call segment in s1 (sycamore), s3 (cherry veneer), s6 (larch cladding)",
    "j153-p4": "12 calls, 7 ok (58%), four different errors (502 twice, 503, timeout, reset)",
    "j153-p5": "fail then fix with `--encoding cp1252` in s3 (orders-2026-12-02.csv) and s5 (orders-2026-12-04.csv)",
    "j154-p1": "3 failures in s2, s4, s6, one signature (glulxe: command not found); never succeeds",
    "j154-p2": "fail then fix with `-external shared/Inform` in s2 (row verb) and s5 (keeper dialogue)",
    "j154-p3": "same 3-call segment in s1 (lighthouse-stairs), s3 (heron-reeds), s6 (row-no-oar)",
    "j154-p4": "14 calls, 9 ok (64%), five different errors",
    "j154-p5": "4 failures in s1, s3, s5 (two in s5), one signature (publickey); no rsync success anywhere",
    "j155-p1": "3 failures in s2, s4, s6, one signature (Assert-PSRule not recognized); never succeeds (an "
               "Install-Module attempt in s4 fails too, other signature)",
    "j155-p2": "fail then fix with `--subscription canalside-nonprod` in s3 (rg-tenants-dev) and s5 (rg-tenants-test)",
    "j155-p3": "same 4-call segment in s1 (appservice 1.3.0), s3 (keyvault 2.0.1), s5 (storage 2.0.0)",
    "j155-p4": "11 calls, 6 ok (55%), five different errors",
    "j155-p5": "same 3-call segment in s2 (test), s4 (prod), s6 (dev)",
    "j156-p1": "4 failures in s1, s3, s5 (two in s5), one signature (store format not in Community Edition); "
               "no neo4j-admin success anywhere",
    "j156-p2": "fail then fix with `-a neo4j://localhost:7688` in s2 (mass balance) and s4 (ageing report)",
    "j156-p3": "same 3-call segment in s2 (V014 cut barcode), s4 (V015 wheel index), s6 (V016 vat capacity)",
    "j156-p4": "11 calls, 7 ok (64%), five different errors",
    "j156-p5": "all 10 fs.list_directory calls are on /mnt/vatlogs, 6 ok (60%), four different errors",
}
NOTES = {
    153: "Two rules share nothing but shell.run: minizinc (cutting model only; the kiln model runs without the "
         "flag) and python3 (orders2dzn.py on CSV exports only; the --from-api run, runcases and cutsheet succeed). "
         "The grades playbook also runs python3 (runcases) successfully.",
    154: "Two pitfalls over shell.run with different programs (glulxe, rsync); make release and inform7 with the "
         "flag succeed. The intest playbook and full intest runs share the intest program.",
    155: "Two playbooks start with fs.edit_file > shell.run (az bicep publish vs az bicep build-params) and differ "
         "in the file edited and the git steps; the az rule is what-if only (build, lint, publish succeed).",
    156: "Two weak links: the lab API host (http.get) and the vatlogs share (every fs.list_directory call); "
         "cypher-shell with -a succeeds throughout, neo4j-migrations carries its own -a.",
}
