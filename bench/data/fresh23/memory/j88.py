"""journal-88: wardenhill-volunteers (Salesforce DX), Harriet / Dmitri / Yusuf, 2026-11-09 .. 11-14."""
from jlib import R, W, E, L, SH, H, GS, GD, GA, GC, GL, X

PMD = "/opt/pmd-bin-7.7.0/bin/pmd: line 52: java: command not found"
NOORG = ("Error (NoDefaultEnvError): No default environment found. Use -o or --target-org to specify an environment.")
ROTA = "https://rota.wardenhill.org.uk/api/v2"
PS = "force-app/main/default/permissionsets/Volunteer_Coordinator.permissionset-meta.xml"
FP = ("<fieldPermissions>\n        <editable>true</editable>\n        <field>%s</field>\n"
      "        <readable>true</readable>\n    </fieldPermissions>")


def fieldperm(f):
    return E(PS, "</PermissionSet>", FP % f + "\n</PermissionSet>")


DAYS = ["2026-11-09 09:00", "2026-11-10 08:35", "2026-11-11 13:20", "2026-11-12 09:45", "2026-11-13 08:50",
        "2026-11-14 10:15"]

S1 = [
    "Harriet. WV-52: DBS_Expiry__c (Date) on Volunteer__c",
    R("force-app/main/default/objects/Volunteer__c/Volunteer__c.object-meta.xml"),
    L("force-app/main/default/objects/Volunteer__c/fields"),
    "add the field, a Date, and let the coordinators see it",
    W("force-app/main/default/objects/Volunteer__c/fields/DBS_Expiry__c.field-meta.xml",
      "<CustomField><fullName>DBS_Expiry__c</fullName><label>DBS check expiry</label><type>Date</type></CustomField>"),
    fieldperm("Volunteer__c.DBS_Expiry__c"),
    GA("force-app/main/default/objects/Volunteer__c/fields/DBS_Expiry__c.field-meta.xml", PS),
    "put it on the page layout too",
    R("force-app/main/default/layouts/Volunteer__c-Volunteer Layout.layout-meta.xml"),
    E("force-app/main/default/layouts/Volunteer__c-Volunteer Layout.layout-meta.xml",
      "<field>Phone__c</field>", "<field>Phone__c</field>\n            </layoutItems>\n            <layoutItems>\n"
      "                <behavior>Edit</behavior>\n                <field>DBS_Expiry__c</field>"),
    E("force-app/main/default/layouts/Volunteer__c-Volunteer Layout.layout-meta.xml", "<behavior>Readonly</behavior>",
      "<behavior>Edit</behavior>"),
    "deploy to the dev sandbox and run PMD on the Apex while at it",
    SH("sf project deploy start -d force-app/main/default/objects/Volunteer__c -d " + PS + " -o wh-dev"),
    X(SH("pmd check -d force-app/main/default/classes -R rulesets/apex.xml -f text"), PMD),
    "skip PMD. did the rota sync bring in today's shifts? compare with the rota API",
    H(ROTA + "/shifts?date=2026-11-09"),
    SH("sf data query -q \"SELECT COUNT() FROM Shift__c WHERE Date__c = 2026-11-09\" -o wh-dev"),
    "commit",
    GA("force-app/main/default/layouts/Volunteer__c-Volunteer Layout.layout-meta.xml"), GC("WV-52 DBS expiry on volunteers"),
    SH("git push origin wv-52-dbs-expiry"),
]

S2 = [
    "Dmitri. WV-55 shiftCalendar: Sat/Sun and Holiday records styled as closed days",
    R("force-app/main/default/lwc/shiftCalendar/shiftCalendar.js"), R("force-app/main/default/lwc/shiftCalendar/shiftCalendar.html"),
    R("force-app/main/default/lwc/shiftCalendar/__tests__/shiftCalendar.test.js"),
    "do it, the bank holidays come from the Holiday object already loaded",
    E("force-app/main/default/lwc/shiftCalendar/shiftCalendar.js", "day.cssClass = 'day';",
      "day.cssClass = (day.isWeekend || this.holidays.has(day.iso)) ? 'day day_closed' : 'day';"),
    SH("npm run test:unit -- shiftCalendar"), GD("force-app/main/default/lwc/shiftCalendar"),
    GC("WV-55 grey out weekends and bank holidays"),
    "send it to wh-uat for the coordinators",
    X(SH("sf project deploy start -d force-app/main/default/lwc/shiftCalendar"), NOORG),
    SH("sf project deploy start -d force-app/main/default/lwc/shiftCalendar -o wh-uat"),
    "rota API vs Salesforce for 8 Nov: do the counts agree?",
    X(H(ROTA + "/shifts?date=2026-11-08"), "HTTP 504 Gateway Timeout"), H(ROTA + "/shifts?date=2026-11-08"),
    SH("sf data query -q \"SELECT COUNT() FROM Shift__c WHERE Date__c = 2026-11-08\" -o wh-uat"),
    SH("sf data query -q \"SELECT Rota_Id__c FROM Shift__c WHERE Date__c = 2026-11-08\" -o wh-uat --result-format csv"),
    "good. the css for the closed days",
    E("force-app/main/default/lwc/shiftCalendar/shiftCalendar.css", ".day {", ".day_closed { background: #eee; color: #888; }\n.day {"),
    SH("npx prettier --check force-app/main/default/lwc/shiftCalendar"), SH("npx eslint force-app/main/default/lwc/shiftCalendar"),
    "commit the css",
    GA("force-app/main/default/lwc/shiftCalendar/shiftCalendar.css"), GA("force-app/main/default/lwc/shiftCalendar"),
    GC("shiftCalendar: closed-day style"),
]

S3 = [
    "Yusuf. WV-58: Preferred_Ward__c picklist (Oak, Willow, Day Hospice, Shop)",
    W("force-app/main/default/objects/Volunteer__c/fields/Preferred_Ward__c.field-meta.xml",
      "<CustomField><fullName>Preferred_Ward__c</fullName><type>Picklist</type><valueSet>Oak;Willow;Day Hospice;Shop</valueSet></CustomField>"),
    fieldperm("Volunteer__c.Preferred_Ward__c"),
    GA("force-app/main/default/objects/Volunteer__c/fields/Preferred_Ward__c.field-meta.xml", PS),
    "now the ShiftService: don't offer shifts on wards the volunteer didn't pick first",
    R("force-app/main/default/classes/ShiftService.cls"), R("force-app/main/default/classes/ShiftServiceTest.cls"),
    E("force-app/main/default/classes/ShiftService.cls", "ORDER BY Start__c", "ORDER BY (Ward__c = :v.Preferred_Ward__c) DESC, Start__c"),
    E("force-app/main/default/classes/ShiftServiceTest.cls", "@IsTest static void offersOpenShifts()",
      "@IsTest static void prefersPreferredWard() { /* ... */ }\n    @IsTest static void offersOpenShifts()"),
    "run the apex tests on dev, then pmd",
    SH("sf project deploy start -d force-app/main/default/classes -d force-app/main/default/objects -o wh-dev"),
    X(SH("sf apex run test -n ShiftServiceTest -o wh-dev -w 10 -r human"),
      "FAIL ShiftServiceTest.prefersPreferredWard: System.QueryException: unexpected token: '='"),
    E("force-app/main/default/classes/ShiftService.cls", "ORDER BY (Ward__c = :v.Preferred_Ward__c) DESC, Start__c",
      "ORDER BY Start__c"),
    E("force-app/main/default/classes/ShiftService.cls", "return shifts;", "return ShiftRanker.preferWard(shifts, v.Preferred_Ward__c);"),
    W("force-app/main/default/classes/ShiftRanker.cls", "public with sharing class ShiftRanker { ... }"),
    SH("sf project deploy start -d force-app/main/default/classes -o wh-dev"),
    SH("sf apex run test -n ShiftServiceTest -o wh-dev -w 10 -r human"),
    X(SH("pmd check -d force-app/main/default/classes/ShiftService.cls -R rulesets/apex.xml"), PMD),
    "rota API: anything booked for next week yet?",
    H(ROTA + "/shifts?from=2026-11-16&to=2026-11-22"), H(ROTA + "/volunteers?updated_since=2026-11-10"),
    "commit",
    GS(), GA("force-app/main/default/classes"), GC("WV-58 prefer the volunteer's ward"),
]

S4 = [
    "Dmitri. WV-61 shiftCard: booked-out state (label + disabled)",
    E("force-app/main/default/lwc/shiftCard/shiftCard.html", "<lightning-button label=\"Sign up\"",
      "<lightning-button label={buttonLabel} disabled={isFull}"),
    SH("npm run test:unit -- shiftCard"), GD("force-app/main/default/lwc/shiftCard"), GC("WV-61 full shifts can't be booked"),
    "the getter too",
    E("force-app/main/default/lwc/shiftCard/shiftCard.js", "export default class ShiftCard extends LightningElement {",
      "export default class ShiftCard extends LightningElement {\n    get isFull() { return this.shift.Booked__c >= this.shift.Capacity__c; }\n"
      "    get buttonLabel() { return this.isFull ? 'Full' : 'Sign up'; }"),
    E("force-app/main/default/lwc/shiftCard/__tests__/shiftCard.test.js", "it('renders', ", "it('shows Full when booked out', () => {/*...*/});\n  it('renders', "),
    SH("npm run test:unit -- shiftCard"), SH("npm run test:unit"),
    "UAT deploy please",
    X(SH("sf project deploy start -d force-app/main/default/lwc/shiftCard"), NOORG),
    SH("sf project deploy start -d force-app/main/default/lwc/shiftCard -o wh-uat"),
    "did last night's rota sync run into trouble? check the rota side for the 11th",
    X(H(ROTA + "/shifts?date=2026-11-11"), "ECONNRESET: socket hang up"),
    "leave it, I'll look tomorrow",
    GA("force-app/main/default/lwc/shiftCard"), GA("force-app/main/default/lwc/shiftCard/__tests__"), GC("shiftCard: getters and test"),
]

S5 = [
    "Harriet. WV-64: highlight the signed-in volunteer's own shifts in shiftCalendar",
    E("force-app/main/default/lwc/shiftCalendar/shiftCalendar.js", "day.cssClass = (day.isWeekend",
      "day.mine = this.myShiftDays.has(day.iso);\n        day.cssClass = (day.mine ? 'day day_mine ' : '') + ((day.isWeekend"),
    SH("npm run test:unit -- shiftCalendar"), GD("force-app/main/default/lwc/shiftCalendar"), GC("Calendar: highlight my shifts"),
    "Dmitri's review wants PMD clean on ShiftRanker",
    X(SH("pmd check -d force-app/main/default/classes/ShiftRanker.cls -R rulesets/apex.xml"), PMD),
    "ok, read what the CI code analyzer said on the PR instead",
    R(".github/workflows/code-analyzer.yml"), SH("gh pr checks 41"), SH("gh run view 9912844107 --log-failed"),
    "and the rota: are the 12th's shifts there?",
    H(ROTA + "/shifts?date=2026-11-12"),
    X(H(ROTA + "/shifts?date=2026-11-13"), "HTTP 502 Bad Gateway"),
]

S6 = [
    "Yusuf, Saturday: Has_Driving_Licence__c checkbox on Volunteer__c",
    W("force-app/main/default/objects/Volunteer__c/fields/Has_Driving_Licence__c.field-meta.xml",
      "<CustomField><fullName>Has_Driving_Licence__c</fullName><type>Checkbox</type><defaultValue>false</defaultValue></CustomField>"),
    fieldperm("Volunteer__c.Has_Driving_Licence__c"),
    GA("force-app/main/default/objects/Volunteer__c/fields/Has_Driving_Licence__c.field-meta.xml", PS),
    "check the 13th on the rota once more",
    X(H(ROTA + "/shifts?date=2026-11-13"), "ETIMEDOUT: request timed out after 30000 ms"), H(ROTA + "/shifts?date=2026-11-13"),
    "fine. commit and push",
    GC("Driving licence checkbox on volunteers"), SH("git push origin main"), GL(8),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
SEED = 88023
