# -*- coding: utf-8 -*-
"""Journal 91: hedgerow-paths (county rights-of-way GIS: PostGIS, GDAL, PMTiles, MapLibre), 2026-11-16 .. 11-21."""
from jlib import Journal

R = "/home/dev/hedgerow-paths"
PG = "PG:\"host=localhost dbname=row user=row_editor\""
AGS = "https://maps.eastmere.gov.uk/arcgis/rest/services/"
PEER = ("psql: error: connection to server on socket \"/var/run/postgresql/.s.PGSQL.5432\" failed: "
        "FATAL:  Peer authentication failed for user \"dev\"")
PSQL = "psql -h localhost -U row_editor row -c "
QGIS = ("qgis_process: symbol lookup error: /usr/lib/x86_64-linux-gnu/libqgis_core.so.3.34.4: "
        "undefined symbol: proj_context_set_network")


def imp(parish):
    return ("ogr2ogr -f PostgreSQL %s data/incoming/%s.gpkg -nln survey.%s -lco GEOMETRY_NAME=geom "
            "-nlt PROMOTE_TO_MULTI -t_srs EPSG:27700" % (PG, parish, parish.replace("-", "_")))


def build():
    j = Journal(seed=91091, day0=1794787200, repo=R)

    # s1 Mon, Oona
    j.session(1, 8, 20)
    j.p("morning. Kettleby survey came in over the weekend, get it in")
    j.sh(imp("kettleby"), ms=8820.4)
    j.ed("data/parishes.csv", "KTB,Kettleby,,pending", "KTB,Kettleby,2026-11-13,surveyed")
    j.add("data/parishes.csv")
    j.commit("survey: Kettleby (KTB) imported")
    j.p("how many Kettleby segments vs the old definitive map copy")
    j.sh(PSQL + "\"SELECT count(*) FROM survey.kettleby\"", ms=310.2)
    j.sh(PSQL + "\"SELECT count(*) FROM row.rights_of_way WHERE parish = 'KTB'\"", ms=295.8)
    j.p("council layer for Kettleby to compare")
    j.get(AGS + "RightsOfWay/MapServer/0/query?where=PARISH%3D%27KTB%27&outFields=*&f=geojson", ms=2410.5)
    j.p("3 paths differ. buffer them 10m for the site visit map, qgis")
    j.sh("qgis_process run native:buffer -- INPUT=build/ktb-diff.gpkg DISTANCE=10 OUTPUT=build/ktb-diff-buf.gpkg", err=QGIS, ms=512.6)
    j.p("do it in postgis then")
    j.sh(PSQL + "\"CREATE TABLE scratch.ktb_diff_buf AS SELECT path_no, ST_Buffer(geom, 10) AS geom FROM scratch.ktb_diff\"", ms=640.9)
    j.sh("ogr2ogr -f GPKG build/ktb-diff-buf.gpkg " + PG + " scratch.ktb_diff_buf", ms=1440.0)
    j.p("tiles for tonight")
    j.sh("make tiles", ms=412200.3)

    # s2 Tue, Devendra
    j.session(2, 9, 2)
    j.p("Dev here. ramblers complaint: BOATs hard to see on the map. make them thicker")
    j.ed("viewer/style.json", "\"id\": \"boat\", \"type\": \"line\", \"paint\": {\"line-width\": 1.5",
         "\"id\": \"boat\", \"type\": \"line\", \"paint\": {\"line-width\": 2.5")
    j.sh("gl-style-validate viewer/style.json", ms=820.4)
    j.diff()
    j.add("viewer/style.json")
    j.p("count of closures that ended before today but still flagged")
    j.sh("psql row -c \"SELECT count(*) FROM row.closures WHERE ends_on < now() AND active\"", err=PEER, ms=44.1)
    j.sh(PSQL + "\"SELECT count(*) FROM row.closures WHERE ends_on < now() AND active\"", ms=288.3)
    j.p("11. clear the flag on those? no, Callum owns closures. just note it")
    j.wr("notes/stale-closures.txt", "2026-11-17: 11 closures past end date still active (ask Callum)\n")
    j.p("council closures layer, is theirs the same?")
    j.get(AGS + "RightsOfWay/MapServer/3/query?where=1%3D1&outFields=*&f=json", err="502 Bad Gateway", ms=30120.7)
    j.get(AGS + "RightsOfWay/MapServer/3/query?where=1%3D1&outFields=*&f=json", err="504 Gateway Timeout", ms=60004.2)
    j.p("council server dead again. commit the style")
    j.commit("style: thicker BOAT lines")
    j.p("popup code has a typo in 'bridleway', fix")
    j.rd("viewer/app.js")
    j.ed("viewer/app.js", "Bridelway", "Bridleway")

    # s3 Wed, Callum
    j.session(3, 8, 45)
    j.p("Callum. Fenwick Row gpkg arrived (contractor), it's in data/incoming")
    j.sh(imp("fenwick-row"), ms=10211.5)
    j.ed("data/parishes.csv", "FWR,Fenwick Row,,pending", "FWR,Fenwick Row,2026-11-17,surveyed")
    j.add("data/parishes.csv")
    j.commit("survey: Fenwick Row (FWR) imported")
    j.p("gaps in fenwick? run the qgis topology thing")
    j.sh("qgis_process run grass7:v.clean -- input=build/fwr.gpkg tool=break,snap threshold=0,1 output=build/fwr-clean.gpkg", err=QGIS, ms=498.0)
    j.p("postgis it is. endpoints within 1m that don't touch")
    j.sh(PSQL + "-f sql/dangling_ends.sql -v parish=FWR", ms=2210.4)
    j.sh(PSQL + "\"SELECT count(*) FROM scratch.dangling WHERE parish = 'FWR'\"", ms=301.9)
    j.p("7 of them, email to contractor")
    j.wr("notes/fwr-dangling.txt", "Fenwick Row: 7 dangling ends < 1 m, see scratch.dangling\n")
    j.p("tiles only for FWR to preview")
    j.sh("tippecanoe -o build/fwr.pmtiles -l paths -zg build/fwr.geojson", err="build/fwr.geojson: No such file or directory", ms=40.2)
    j.sh("ogr2ogr -f GeoJSON build/fwr.geojson " + PG + " survey.fenwick_row -t_srs EPSG:4326", ms=2310.6)
    j.sh("tippecanoe -o build/fwr.pmtiles -l paths -zg --force build/fwr.geojson", ms=15420.8)
    j.p("council: statement for path FR/12")
    j.get(AGS + "DefinitiveStatement/MapServer/0/query?where=PATH_NO%3D%27FR%2F12%27&outFields=*&f=json", ms=1980.3)

    # s4 Thu, Oona
    j.session(4, 8, 10)
    j.p("Oona. restricted byways need a different dash, people mix them with bridleways")
    j.ed("viewer/style.json", "\"id\": \"restricted-byway\", \"type\": \"line\", \"paint\": {\"line-color\": \"#7b3f00\"",
         "\"id\": \"restricted-byway\", \"type\": \"line\", \"paint\": {\"line-color\": \"#7b3f00\", \"line-dasharray\": [3, 2]")
    j.sh("gl-style-validate viewer/style.json", ms=790.1)
    j.diff()
    j.add("viewer/style.json")
    j.p("commit + push")
    j.commit("style: dashed restricted byways")
    j.sh("git push origin main", ms=2101.0)
    j.p("audit q: how many paths have no surface type, by parish")
    j.sh("psql row -c \"SELECT parish, count(*) FROM row.rights_of_way WHERE surface IS NULL GROUP BY 1\"", err=PEER, ms=39.6)
    j.sh(PSQL + "\"SELECT parish, count(*) FROM row.rights_of_way WHERE surface IS NULL GROUP BY 1 ORDER BY 2 DESC\"", ms=402.7)
    j.p("put the table in notes for the audit folks")
    j.wr("notes/audit-surface-null.txt", "parish,count\nKTB,14\nFWR,9\nBRW,6\n")
    j.p("council definitive layer, Brackwell, compare geometry")
    j.get(AGS + "RightsOfWay/MapServer/0/query?where=PARISH%3D%27BRW%27&outFields=*&f=geojson", ms=3011.8)
    j.get(AGS + "RightsOfWay/MapServer/0/query?where=PARISH%3D%27BRW%27&outFields=*&f=geojson&resultOffset=1000", err="read ECONNRESET", ms=12044.0)
    j.p("half a layer, useless. try again tomorrow")

    # s5 Fri, Devendra
    j.session(5, 9, 25)
    j.p("Brackwell resurvey is finally here")
    j.sh(imp("brackwell"), ms=9930.2)
    j.ed("data/parishes.csv", "BRW,Brackwell,2019-05-02,surveyed", "BRW,Brackwell,2026-11-20,surveyed")
    j.add("data/parishes.csv")
    j.commit("survey: Brackwell (BRW) re-imported")
    j.p("council first page of Brackwell again")
    j.get(AGS + "RightsOfWay/MapServer/0/query?where=PARISH%3D%27BRW%27&outFields=*&f=geojson&resultRecordCount=500", ms=2650.6)
    j.get(AGS + "RightsOfWay/MapServer/0/query?where=PARISH%3D%27BRW%27&outFields=*&f=geojson&resultRecordCount=500&resultOffset=500",
          err="unexpected content-type text/html (ArcGIS error page)", ms=4410.2)
    j.p("ugh. readme: mention the Makefile targets")
    j.rd("README.md")
    j.rd("Makefile")
    j.ed("README.md", "## Building", "## Building\n\n`make export` writes build/*.geojson, `make tiles` builds build/row.pmtiles.")
    j.p("commit readme")
    j.add("README.md")
    j.add("Makefile")
    j.commit("README: Makefile targets")
    j.p("full tiles before the weekend")
    j.sh("make tiles", ms=398100.4)
    j.sh("pmtiles show build/row.pmtiles", ms=210.5)

    # s6 Sat, Callum
    j.session(6, 10, 15)
    j.p("closures should be red on the map, council asked")
    j.ed("viewer/style.json", "\"id\": \"closures\", \"type\": \"line\", \"paint\": {\"line-color\": \"#999999\"",
         "\"id\": \"closures\", \"type\": \"line\", \"paint\": {\"line-color\": \"#d7191c\"")
    j.sh("gl-style-validate viewer/style.json", ms=801.8)
    j.diff()
    j.add("viewer/style.json")
    j.p("and commit it")
    j.commit("style: closures in red")
    j.p("simplified copy of the network for the phone app, qgis simplify 2m")
    j.sh("qgis_process run native:simplifygeometries -- INPUT=build/row.gpkg METHOD=0 TOLERANCE=2 OUTPUT=build/row-simple.gpkg", err=QGIS, ms=505.3)
    j.sh("qgis_process list", err=QGIS, ms=460.1)
    j.p("broken install, not my problem today. ST_SimplifyPreserveTopology in sql instead")
    j.sh(PSQL + "\"CREATE TABLE scratch.row_simple AS SELECT path_no, ST_SimplifyPreserveTopology(geom, 2) AS geom FROM row.rights_of_way\"", ms=3120.5)
    j.sh("ogr2ogr -f GPKG build/row-simple.gpkg " + PG + " scratch.row_simple", ms=2840.0)
    j.p("closures layer from the council, nov")
    j.get(AGS + "RightsOfWay/MapServer/3/query?where=START_DATE%3E%3D%272026-11-01%27&outFields=*&f=json", err="timeout of 30000ms exceeded", ms=30001.0)
    j.get(AGS + "RightsOfWay/MapServer/3/query?where=START_DATE%3E%3D%272026-11-01%27&outFields=*&f=json", ms=3420.2)
    j.p("4 new closures on their side, list for Monday")
    j.wr("notes/closures-2026-11-council.txt", "FR/12, BRW/3, KTB/21, KTB/22\n")
    return j
