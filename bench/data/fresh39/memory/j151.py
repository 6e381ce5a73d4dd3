"""Journal 151: marginalia-ed, an XSLT/TEI edition of a canal engineer's letters (sessions s1..s6, 2026-11-16 .. 2026-11-21)."""
from jlib import Journal

IIIF = "https://iiif.northmoor-archives.org.uk/iiif/3"
SAXON = "java -jar lib/saxon-he-12.5.jar"
JING = "java -jar lib/jing.jar schema/marginalia.rng"
XSPEC = "xspec/bin/xspec.sh"
FOP_ERR = ("SEVERE: Failed to resolve font with embed-url 'fonts/BrillRoman.ttf'\n"
           "org.apache.fop.apps.FOPException: Failed to set up font configuration")
SXXP = ("SXXP0003  Error reported by XML parser: The entity \"mdash\" was referenced, but not declared.\n"
        "  Error on line 3 column 54 of edition.xml")


def letter(lid, date, sender, body):
    return ("<TEI xmlns=\"http://www.tei-c.org/ns/1.0\" xml:id=\"%s\">\n  <teiHeader>... <correspAction type=\"sent\">"
            "<persName ref=\"#%s\"/><date when=\"%s\"/></correspAction> ...</teiHeader>\n  <text><body><div type=\"letter\">"
            "<p>%s</p></div></body></text>\n</TEI>" % (lid, sender, date, body))


def build():
    j = Journal(151151, (2026, 11, 16))

    # s1 Monday, Hester
    j.day("s1", 0, 8, 36)
    j.p("Hester. new one from the Dudley box, 2 July 1843 to the committee. transcription:\n\"Gentlemen, the puddling of the embankment at Wordsley is now complete ...\"")
    j.wr("letters/1843/L1843-07-02.xml", letter("L1843-07-02", "1843-07-02", "rowley_j",
         "Gentlemen, the puddling of the embankment at Wordsley is now complete ..."))
    j.sh(JING + " letters/1843/L1843-07-02.xml")
    j.add("letters/1843/L1843-07-02.xml")
    j.commit("L1843-07-02: Rowley to the committee, Wordsley embankment")
    j.p("proof pdf of vol 1 for Margaret pls")
    j.sh(SAXON + " -catalog:catalog.xml -xi:on -s:edition.xml -xsl:xsl/print-fo.xsl -o:build/fo/volume1.fo", ms=38120.6)
    j.sh("fop -c fop.xconf -fo build/fo/volume1.fo -pdf build/pdf/volume1.pdf", FOP_ERR, 6120.4)
    j.p("hm fonts. leave it for now")
    j.p("facsimile for that letter on the iiif yet?")
    j.get(IIIF + "/L1843-07-02_p1/info.json")
    j.get(IIIF + "/manifests/L1843-07-02.json", "HTTP 502 Bad Gateway")
    j.p("persons: add Josiah Rowley, engineer, fl. 1830-1850")
    j.rd("authority/persons.xml")
    j.ed("authority/persons.xml", "</listPerson>",
         "  <person xml:id=\"rowley_j\"><persName>Josiah Rowley</persName><occupation>engineer</occupation><floruit from=\"1830\" to=\"1850\"/></person>\n</listPerson>")
    j.sh("java -jar lib/jing.jar schema/authority.rng authority/persons.xml")
    j.sh("git diff --stat")

    # s2 Tuesday, Bram
    j.day("s2", 1, 9, 8)
    j.p("Bram. full site rebuild so Hester's letters show up")
    j.sh(SAXON + " -xi:on -s:edition.xml -xsl:xsl/edition-to-html.xsl -o:build/html/index.html", SXXP, 3012.7)
    j.sh(SAXON + " -catalog:catalog.xml -xi:on -s:edition.xml -xsl:xsl/edition-to-html.xsl -o:build/html/index.html", ms=52118.2)
    j.sh("ls build/html | wc -l")
    j.p("letter header: place of writing before the date, like the printed calendar does")
    j.ed("xsl/letter-to-html.xsl", "<xsl:apply-templates select=\"$sent/tei:date\"/>",
         "<xsl:apply-templates select=\"$sent/tei:placeName\"/>, <xsl:apply-templates select=\"$sent/tei:date\"/>")
    j.sh(XSPEC + " test/letter-to-html.xspec", ms=11240.3)
    j.rd("test/xspec/letter-to-html-result.html")
    j.add("xsl/letter-to-html.xsl")
    j.p("commit that")
    j.commit("letter header: place before date")
    j.p("image server, 1843 batch")
    j.get(IIIF + "/L1843-03-14_p1/info.json", "ETIMEDOUT: connect timed out after 30000 ms")
    j.p("Margaret's typos in the 1843 headnotes: Wordsly -> Wordsley (03-14), Stewponey spelt 2 ways (05-20)")
    j.rd("letters/1843/L1843-03-14.xml")
    j.ed("letters/1843/L1843-03-14.xml", "Wordsly", "Wordsley")
    j.rd("letters/1843/L1843-05-20.xml")
    j.ed("letters/1843/L1843-05-20.xml", "Stewpony", "Stewponey")
    j.p("skip. places index has Stourport twice")
    j.rd("authority/places.xml")
    j.rd("build/html/places.html")
    j.ed("authority/places.xml", "<place xml:id=\"stourport2\">", "<place xml:id=\"stourport2\" sameAs=\"#stourport\">")
    j.p("commit")
    j.commit("places: Stourport duplicate points to the main entry")

    # s3 Wednesday, Anjali
    j.day("s3", 2, 8, 44)
    j.p("Anjali. editorial notes as endnotes in the html please, not inline")
    j.ed("xsl/notes.xsl", "<xsl:template match=\"tei:note[@resp='#ed']\">",
         "<xsl:template match=\"tei:note[@resp='#ed']\" mode=\"endnotes\">")
    j.sh(XSPEC + " test/notes.xspec", ms=9833.0)
    j.rd("test/xspec/notes-result.html")
    j.add("xsl/notes.xsl")
    j.p("and the vol 1 proof again, Bram says he installed something")
    j.sh("fop -c fop.xconf -fo build/fo/volume1.fo -pdf build/pdf/volume1.pdf", FOP_ERR, 5980.2)
    j.p("no. ok")
    j.p("L1844-02-11 facsimile, Margaret cites it as no. 112")
    j.get(IIIF + "/L1844-02-11_p1/info.json", "HTTP 503 Service Unavailable")
    j.get(IIIF + "/L1844-02-11_p1/info.json")
    j.p("commit the notes thing")
    j.log(5)
    j.commit("notes: editorial notes rendered as endnotes")
    j.p("schematron: every letter needs an msIdentifier/idno")
    j.rd("schema/marginalia.sch")
    j.ed("schema/marginalia.sch", "</sch:pattern>",
         "  <sch:rule context=\"tei:msDesc\"><sch:assert test=\"tei:msIdentifier/tei:idno\">idno missing</sch:assert></sch:rule>\n</sch:pattern>")
    j.sh(SAXON + " -s:schema/marginalia.sch -xsl:lib/schxslt/compile-for-svrl.xsl -o:build/marginalia-sch.xsl")
    j.sh(SAXON + " -catalog:catalog.xml -xi:on -s:edition.xml -xsl:build/marginalia-sch.xsl -o:build/svrl.xml", ms=30550.1)
    j.add("schema/marginalia.sch")

    # s4 Thursday, Hester
    j.day("s4", 3, 9, 1)
    j.p("Rowley again, 9 Jan 1846, about the lock keeper's cottage. text:\n\"Sir, I have examined the cottage at the Delph locks ...\"")
    j.wr("letters/1846/L1846-01-09.xml", letter("L1846-01-09", "1846-01-09", "rowley_j",
         "Sir, I have examined the cottage at the Delph locks ..."))
    j.sh(JING + " letters/1846/L1846-01-09.xml")
    j.add("letters/1846/L1846-01-09.xml")
    j.commit("L1846-01-09: Rowley on the Delph lock cottage")
    j.p("site rebuild")
    j.sh(SAXON + " -s:edition.xml -xi:on -xsl:xsl/edition-to-html.xsl -o:build/html/index.html", SXXP, 2877.0)
    j.sh(SAXON + " -catalog:catalog.xml -s:edition.xml -xi:on -xsl:xsl/edition-to-html.xsl -o:build/html/index.html", ms=53901.4)
    j.p("persons page too")
    j.sh(SAXON + " -catalog:catalog.xml -xi:on -s:edition.xml -xsl:xsl/persons-index.xsl -o:build/html/persons.html", ms=20114.8)
    j.p("manifest for the 1846 ones?")
    j.get(IIIF + "/manifests/L1846-01-09.json", "HTTP 502 Bad Gateway")
    j.get(IIIF + "/manifests/L1846-01-09.json", "ECONNRESET: socket hang up")
    j.p("ok tomorrow. anything uncommitted?")
    j.status()

    # s5 Friday, Bram
    j.day("s5", 4, 8, 52)
    j.p("<del> should be struck through in the html, right now it's only grey")
    j.ed("xsl/letter-to-html.xsl", "<span class=\"del\">", "<s class=\"del\">")
    j.sh(XSPEC + " test/letter-to-html.xspec", ms=11002.9)
    j.rd("test/xspec/letter-to-html-result.html")
    j.add("xsl/letter-to-html.xsl")
    j.p("commit")
    j.commit("deletions rendered with <s>")
    j.p("Margaret asks for the pdf again. straight from edition.xml this time?")
    j.sh("fop -c fop.xconf -xml edition.xml -xsl xsl/print-fo.xsl -pdf build/pdf/volume1.pdf", FOP_ERR, 7233.3)
    j.p("iiif check before the viewer demo")
    j.get(IIIF + "/L1846-01-09_p1/info.json")
    j.get(IIIF + "/L1843-07-02_p2/info.json")
    j.p("how many letters per year now, for the newsletter")
    j.ls("letters/1843")
    j.ls("letters/1844")
    j.ls("letters/1846")
    j.p("footer 2027")
    j.ed("xsl/page.xsl", "2026 Northmoor Record Office", "2027 Northmoor Record Office")
    j.sh(SAXON + " -catalog:catalog.xml -s:about.xml -xsl:xsl/page.xsl -o:build/html/about.html")

    # s6 Saturday, Anjali
    j.day("s6", 5, 10, 6)
    j.p("Stourbridge bundle, 30 Nov 1838, from the clerk. transcription:\n\"Mr Rowley, the committee desires your attendance on Tuesday ...\"")
    j.wr("letters/1838/L1838-11-30.xml", letter("L1838-11-30", "1838-11-30", "clerk_stourbridge",
         "Mr Rowley, the committee desires your attendance on Tuesday ..."))
    j.sh(JING + " letters/1838/L1838-11-30.xml")
    j.add("letters/1838/L1838-11-30.xml")
    j.commit("L1838-11-30: the clerk to Rowley, summons to committee")
    j.p("is it on the iiif?")
    j.get(IIIF + "/L1838-11-30_p1/info.json", "HTTP 503 Service Unavailable")
    j.p("ok, monday. html of it anyway so I can proofread")
    j.sh(SAXON + " -catalog:catalog.xml -s:letters/1838/L1838-11-30.xml -xsl:xsl/letter-to-html.xsl -o:build/html/L1838-11-30.html")
    j.rd("build/html/L1838-11-30.html")
    j.p("glossary: add puddling and lengthsman, short defs")
    j.rd("authority/glossary.xml")
    j.ed("authority/glossary.xml", "<item xml:id=\"lock\">", "<item xml:id=\"lengthsman\"><term>lengthsman</term><gloss>man responsible for a length of canal</gloss></item>\n<item xml:id=\"lock\">")
    j.ed("authority/glossary.xml", "<item xml:id=\"towpath\">", "<item xml:id=\"puddling\"><term>puddling</term><gloss>lining with worked clay to make watertight</gloss></item>\n<item xml:id=\"towpath\">")
    j.p("commit all of today")
    j.add("authority/glossary.xml")
    j.add("xsl/page.xsl")
    return j
