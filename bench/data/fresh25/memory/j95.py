"""journal-95: liman-bakim (Odoo 17 addons), team writes in Turkish."""
from jlib import Journal

EF = "https://test.efaturaportal.net/api/v1"
ADDONS = ("odoo-bin: error: option --addons-path: the path '/home/emre/odoo15/addons' is not a valid addons "
          "directory")
PGDUMP = "pg_dump: error: aborting because of server version mismatch\npg_dump: detail: server version: 16.4; pg_dump version: 14.13"
TRPO = "addons/liman_bakim/i18n/tr.po"
MSGFMT = "msgfmt --check-format -o /dev/null " + TRPO
MAN_BAD = "liman_bakim/__manifest__.py"
MAN = "addons/liman_bakim/__manifest__.py"
ENOENT = "ENOENT: no such file or directory, open '%s'"
UPG = "odoo-bin -c config/dev.conf -d lb_dev -u liman_bakim --stop-after-init"


def build():
    j = Journal(9503)

    # s1 (Emre, Zeynep)
    j.session("s1", "2026-11-16", "06:10")
    j.p("günaydın, main'i çek, hafta sonu neler gelmiş bakalım")
    j.sh("git pull --ff-only")
    j.gl(10)
    j.p("LB-101 iş emrine 'Tahmini süre (saat)' alanı gelecek, models/work_order.py")
    j.rd("addons/liman_bakim/models/work_order.py")
    j.ed("addons/liman_bakim/models/work_order.py", "    priority = fields.Selection(",
         "    estimated_hours = fields.Float(string=\"Estimated Hours\")\n    priority = fields.Selection(")
    j.ed("addons/liman_bakim/views/work_order_views.xml", "<field name=\"priority\"/>",
         "<field name=\"priority\"/>\n                    <field name=\"estimated_hours\"/>")
    j.p("lb_dev üstünde upgrade et, alan DB'ye düşsün")
    j.sh("odoo-bin -d lb_dev -u liman_bakim --stop-after-init", ADDONS)
    j.sh(UPG)
    j.p("Zeynep: müşteri 'Teklif' yerine 'Fiyat teklifi' görmek istiyor, tr.po'da değiştir")
    j.ed(TRPO, "msgid \"Quotation\"\nmsgstr \"Teklif\"", "msgid \"Quotation\"\nmsgstr \"Fiyat teklifi\"")
    j.sh(MSGFMT)
    j.ga([TRPO])
    j.gc("tr: Quotation -> Fiyat teklifi")
    j.p("Emre: LB-101'i de commitle")
    j.gs()
    j.ga(["addons/liman_bakim/models/work_order.py", "addons/liman_bakim/views/work_order_views.xml"])
    j.gc("LB-101 estimated hours on work orders")
    j.p("entegratörün test sunucusu ayakta mı, bir yokla")
    j.get(EF + "/health", "HTTP 502 Bad Gateway")
    j.get(EF + "/health")

    # s2 (Burak, Emre)
    j.session("s2", "2026-11-17", "06:30")
    j.p("Burak: pull")
    j.sh("git pull --ff-only")
    j.p("LB-104 KDV yuvarlama: staging'den sadece account_move şemasını al, bizimkiyle karşılaştıracağım")
    j.sh("pg_dump -h db.limanbakim.internal -U odoo -s -t account_move lb_staging -f /tmp/account_move_schema.sql",
         PGDUMP)
    j.p("olmadı, neyse. koddan bakalım: liman_fatura'da vergiyi hesaplayan yer")
    j.rd("addons/liman_fatura/models/account_move.py")
    j.rd("addons/liman_fatura/models/tax_utils.py")
    j.p("round yerine float_round lazım, precision_rounding ile. düzelt ve liman_fatura testleri")
    j.ed("addons/liman_fatura/models/tax_utils.py", "return round(amount * rate / 100, 2)",
         "return float_round(amount * rate / 100, precision_rounding=currency.rounding)")
    j.sh("odoo-bin -c config/dev.conf -d lb_test -i liman_fatura --test-enable --test-tags /liman_fatura "
         "--stop-after-init")
    j.p("geçti. commit")
    j.ga(["addons/liman_fatura/models/tax_utils.py"])
    j.gc("LB-104 use float_round for VAT")
    j.p("Emre: liman_bakim'in lisansı ne yazıyor, LGPL mi OPL mi?")
    j.rd(MAN_BAD, ENOENT % MAN_BAD)
    j.rd(MAN)
    j.p("LGPL-3, tamam. liman_fatura üstünde pylint-odoo çalıştır")
    j.sh("pylint --load-plugins=pylint_odoo -d all -e odoolint addons/liman_fatura",
         "addons/liman_fatura/models/tax_utils.py:4:0: W8150 (odoo-addons-relative-import) Same Odoo module "
         "absolute import. You should use relative import with \".\" instead of \"odoo.addons.liman_fatura\"")
    j.p("relative import'a çevir, tekrar")
    j.ed("addons/liman_fatura/models/tax_utils.py", "from odoo.addons.liman_fatura.models import utils",
         "from . import utils")
    j.sh("pylint --load-plugins=pylint_odoo -d all -e odoolint addons/liman_fatura")
    j.p("commitle")
    j.ga(["addons/liman_fatura/models/tax_utils.py"])
    j.gc("liman_fatura: relative import")

    # s3 (Zeynep, Burak)
    j.session("s3", "2026-11-18", "06:05")
    j.p("pull'la önce")
    j.sh("git pull --ff-only")
    j.p("Zeynep: LB-110 müşteri 'Tekne sahibi' değil 'Armatör' denmesini istiyor, çeviri dosyasında düzelt")
    j.ed(TRPO, "msgid \"Boat Owner\"\nmsgstr \"Tekne sahibi\"", "msgid \"Boat Owner\"\nmsgstr \"Armatör\"")
    j.sh(MSGFMT)
    j.ga([TRPO])
    j.gc("LB-110 tr: Boat Owner -> Armatör")
    j.p("Burak: dünkü KDV meselesini gerçek satırlarla denemek için staging'den account_move_line verisini çek")
    j.sh("pg_dump -h db.limanbakim.internal -U odoo -a -t account_move_line lb_staging -f /tmp/aml.sql", PGDUMP)
    j.p("sürüm uyuşmazlığı galiba, sonra bakarız. tekne listesine 'Bakımda olanlar' filtresi ekle")
    j.rd("addons/liman_bakim/views/boat_views.xml")
    j.ed("addons/liman_bakim/views/boat_views.xml", "<filter name=\"active\"",
         "<filter name=\"in_maintenance\" string=\"In Maintenance\" domain=\"[('state','=','maintenance')]\">\n"
         "                <filter name=\"active\"")
    j.sh(UPG, "odoo.tools.convert.ParseError: while parsing /home/emre/liman-bakim/addons/liman_bakim/views/"
              "boat_views.xml:41, somewhere inside")
    j.p("filter etiketi kapanmamış, domain'de de tırnak eksik. düzelt ve tekrar upgrade")
    j.ed("addons/liman_bakim/views/boat_views.xml", "domain=\"[('state','=','maintenance')]\">",
         "domain=\"[('state', '=', 'maintenance')]\"/>")
    j.ed("addons/liman_bakim/views/boat_views.xml", "string=\"In Maintenance\"", "string=\"In maintenance\"")
    j.sh(UPG)
    j.p("entegratörde kontör bakiyemiz ne kadar kaldı?")
    j.get(EF + "/account/credits", "HTTP 504 Gateway Timeout")
    j.p("push'la")
    j.sh("git push origin HEAD")

    # s4 (Emre, Zeynep)
    j.session("s4", "2026-11-19", "06:20")
    j.p("Emre: LB-115 tekne kaydında IMO numarası 7 hane olmalı, constraint + test")
    j.rd("addons/liman_bakim/models/boat.py")
    j.ed("addons/liman_bakim/models/boat.py", "    _sql_constraints = [",
         "    @api.constrains('imo_number')\n    def _check_imo(self):\n        ...\n\n    _sql_constraints = [")
    j.wr("addons/liman_bakim/tests/test_boat_imo.py", "from odoo.tests import TransactionCase\n# ...\n")
    j.ed("addons/liman_bakim/tests/__init__.py", "from . import test_work_order",
         "from . import test_work_order\nfrom . import test_boat_imo")
    j.p("testleri koş, sadece liman_bakim")
    j.sh("odoo-bin -d lb_test -i liman_bakim --test-enable --test-tags /liman_bakim --stop-after-init", ADDONS)
    j.sh("odoo-bin -c config/dev.conf -d lb_test -i liman_bakim --test-enable --test-tags /liman_bakim "
         "--stop-after-init")
    j.p("12 test geçti. commit + push")
    j.gd()
    j.ga(["addons/liman_bakim/models/boat.py", "addons/liman_bakim/tests"])
    j.gc("LB-115 IMO number must have 7 digits")
    j.sh("git push origin HEAD")
    j.p("Zeynep: entegratörün gelen kutusunda test faturası var mı?")
    j.get(EF + "/inbox?limit=20")
    j.p("bir de kontöre bak")
    j.get(EF + "/account/credits", "ECONNRESET")
    j.get(EF + "/account/credits")
    j.p("liman_bakim'de pylint-odoo uyarısı kalmış mı")
    j.sh("pylint --load-plugins=pylint_odoo -d all -e odoolint addons/liman_bakim")

    # s5 (Zeynep, Burak)
    j.session("s5", "2026-11-20", "06:00")
    j.p("pull")
    j.sh("git pull --ff-only")
    j.p("Zeynep: durumlar tr.po'da karışık, bazısı 'Onaylı' bazısı 'Onaylandı'. hepsi 'Onaylandı' olsun")
    j.ed(TRPO, "msgid \"Approved\"\nmsgstr \"Onaylı\"", "msgid \"Approved\"\nmsgstr \"Onaylandı\"")
    j.sh(MSGFMT)
    j.ga([TRPO])
    j.gc("tr: consistent 'Onaylandı'")
    j.p("Burak: liman_bakim Apps'te hangi kategoride çıkıyor, manifest'e bak")
    j.rd(MAN_BAD, ENOENT % MAN_BAD)
    j.rd(MAN)
    j.p("'Services/Maintenance' olsun, 'Industries' değil")
    j.ed(MAN, "'category': 'Industries',", "'category': 'Services/Maintenance',")
    j.p("entegratör health")
    j.get(EF + "/health", "ETIMEDOUT 185.92.14.7:443")
    j.p("tekrar dene")
    j.get(EF + "/health", "HTTP 502 Bad Gateway")
    j.p("boşver. LB-118 iş emri kanban'ında kart rengi önceliğe göre olsun")
    j.rd("addons/liman_bakim/views/work_order_views.xml")
    j.ed("addons/liman_bakim/views/work_order_views.xml", "<kanban>",
         "<kanban highlight_color=\"color\">")
    j.sh(UPG)
    j.p("commit")
    j.ga([MAN, "addons/liman_bakim/views/work_order_views.xml"])
    j.gc("LB-118 kanban colour by priority; app category")
    j.gl(3)

    # s6 (Emre, Burak)
    j.session("s6", "2026-11-21", "07:00")
    j.p("cumartesi mesaisi. pull")
    j.sh("git pull --ff-only")
    j.p("pazartesi demo var, staging'in tam kopyası lazım: pg_dump -Fc ile al")
    j.sh("pg_dump -h db.limanbakim.internal -U odoo -Fc lb_staging -f /tmp/lb_staging.dump", PGDUMP)
    j.p("yine aynısı. demo verisini elle kurarız, demo/ altında ne var")
    j.ls("addons/liman_bakim/demo")
    j.p("boat_demo.xml'e 3 tekne daha ekle")
    j.rd("addons/liman_bakim/demo/boat_demo.xml")
    j.ed("addons/liman_bakim/demo/boat_demo.xml", "</odoo>",
         "    <record id=\"boat_demo_4\" model=\"liman.boat\">...</record>\n</odoo>")
    j.ed("addons/liman_bakim/demo/boat_demo.xml", "</odoo>",
         "    <record id=\"boat_demo_5\" model=\"liman.boat\">...</record>\n"
         "    <record id=\"boat_demo_6\" model=\"liman.boat\">...</record>\n</odoo>")
    j.p("lb_demo'yu demo verisiyle sıfırdan kur")
    j.sh("odoo-bin -c config/dev.conf -d lb_demo -i liman_bakim,liman_fatura --stop-after-init")
    j.p("demodan önce entegratör test tarafı çalışıyor mu")
    j.get(EF + "/health")
    j.get(EF + "/inbox?limit=5")
    j.p("commit + push, iyi hafta sonları")
    j.ga(["addons/liman_bakim/demo/boat_demo.xml"])
    j.gc("demo: three more boats")
    j.sh("git push origin HEAD")
    return j
