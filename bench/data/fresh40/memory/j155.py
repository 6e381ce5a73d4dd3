"""Journal 155: canalside-infra (Bicep on Azure), sessions s1..s6, 2026-11-16..21."""
from jlib import S, R, W, E, L, H, GS, GD, GA, GC, GL

SEED = 155155
STG = "https://tenants-stg.canalsidehomes.org.uk/"
REG = "br:crcanalsidemods.azurecr.io/bicep/modules/"
MAIN = "infra/main.bicep"


def authz(who, rg):
    return ("ERROR: (AuthorizationFailed) The client '%s@canalsidehomes.org.uk' with object id "
            "'4b1e07c2-9d3a-4f6e-8a21-0c5d7e9b3f18' does not have authorization to perform action "
            "'Microsoft.Resources/deployments/whatIf/action' over scope '/subscriptions/"
            "6f2d1c9e-0b7a-4e35-9c84-2a1f5d3e7b60/resourcegroups/%s' or the scope is invalid." % (who, rg))


PSRULE = ("Assert-PSRule: The term 'Assert-PSRule' is not recognized as a name of a cmdlet, function, script file, "
          "or executable program.")


def whatif(rg, env, sub=True):
    return ("az deployment group what-if %s-g %s --template-file infra/main.bicep --parameters infra/env/%s.bicepparam"
            % ("--subscription canalside-nonprod " if sub else "", rg, env))


def publish(mod, ver, old, new, msg):
    path = "infra/modules/%s/main.bicep" % mod
    return [
        E(path, old, new),
        S("az bicep publish --file %s --target %s%s:%s" % (path, REG, mod, ver)),
        GA(path),
        GC(msg),
    ]


def params(env, old, new):
    path = "infra/env/%s.bicepparam" % env
    return [
        E(path, old, new),
        S("az bicep build-params --file %s --stdout" % path),
        GD(path),
    ]


def psrule(path):
    return S('pwsh -NoProfile -Command "Assert-PSRule -Module PSRule.Rules.Azure -InputPath %s -Format File"' % path,
             PSRULE)


SESSIONS = [
    ("s1", "2026-11-16", "09:00", [
        ("kwame: appservice module, add minTlsVersion 1.2 and publish as 1.3.0", publish(
            "appservice", "1.3.0", "httpsOnly: true", "httpsOnly: true\n      minTlsVersion: '1.2'",
            "appservice 1.3.0: minTlsVersion 1.2")),
        ("point main.bicep at 1.3.0 and build it", [
            E(MAIN, "modules/appservice:1.2.2'", "modules/appservice:1.3.0'"),
            S("az bicep build --file " + MAIN),
            S("az bicep lint --file " + MAIN),
        ]),
        ("what-if on test pls (sub canalside-nonprod)", [
            S(whatif("rg-tenants-test", "test")),
        ]),
        ("staging healthz ok after last nights deploy?", [
            H(STG + "healthz"),
            H(STG + "version"),
        ]),
        ("commit the ref bump", [
            GS(),
            GD(MAIN),
            GA(MAIN),
            GC("main: appservice 1.3.0"),
        ]),
    ]),
    ("s2", "2026-11-17", "08:45", [
        ("ilse: test env needs the repairs api url setting", params(
            "test", "param repairsApiUrl = ''", "param repairsApiUrl = 'https://repairs-test.canalsidehomes.org.uk/api'")),
        ("psrule on the whole infra folder before i raise the PR", [
            psrule("infra/"),
        ]),
        ("skip it then. push the branch", [
            S("git push -u origin ilse/repairs-url"),
        ]),
        ("staging feels slow, repairs page?", [
            H(STG + "repairs", "HTTP 503 Service Unavailable"),
        ]),
        ("kwame: storage module soft delete 14 days, don't publish yet", [
            R("infra/modules/storage/main.bicep"),
            E("infra/modules/storage/main.bicep", "deleteRetentionPolicy: { enabled: false }",
              "deleteRetentionPolicy: { enabled: true, days: 14 }"),
            S("az bicep build --file infra/modules/storage/main.bicep"),
        ]),
        ("on a branch pls", [
            S("git switch -c kwame/storage-soft-delete"),
            GA("infra/modules/storage/main.bicep"),
            GC("storage: blob soft delete 14 days"),
        ]),
    ]),
    ("s3", "2026-11-18", "09:10", [
        ("siobhan: keyvault module - purge protection on, publish 2.0.1", publish(
            "keyvault", "2.0.1", "enablePurgeProtection: false", "enablePurgeProtection: true",
            "keyvault 2.0.1: purge protection")),
        ("what-if for dev rg with the new keyvault", [
            S(whatif("rg-tenants-dev", "dev", sub=False), authz("siobhan", "rg-tenants-dev")),
            S(whatif("rg-tenants-dev", "dev")),
        ]),
        ("staging healthz", [
            H(STG + "healthz", "HTTP 502 Bad Gateway"),
            H(STG + "healthz"),
        ]),
        ("lint warnings in main.bicep, fix the unused params", [
            S("az bicep lint --file " + MAIN),
            R(MAIN),
            E(MAIN, "param legacySku string = 'S1'\n", ""),
            E(MAIN, "param oldVnetName string\n", ""),
            S("az bicep lint --file " + MAIN + " --diagnostics-format sarif"),
        ]),
        ("commit + push", [
            GD(MAIN),
            GA(MAIN),
            GC("main: drop unused params"),
            S("git push origin main"),
        ]),
    ]),
    ("s4", "2026-11-19", "09:00", [
        ("ilse: prod plan P1v3 -> P2v3, capacity for january", params(
            "prod", "param planSku = 'P1v3'", "param planSku = 'P2v3'")),
        ("psrule for that before the PR", [
            psrule("infra/env/prod.bicepparam"),
            S('pwsh -NoProfile -Command "Install-Module PSRule.Rules.Azure -Scope CurrentUser"',
              "Install-Module: Unable to resolve package source 'https://www.powershellgallery.com/api/v2'."),
        ]),
        ("kwame: is ilse's change on staging? version", [
            H(STG + "version"),
            H(STG + "healthz", "timed out after 30s"),
        ]),
        ("kwame: soft delete branch, show me the diff vs main", [
            S("git fetch origin"),
            S("git diff --stat origin/main kwame/storage-soft-delete"),
        ]),
        ("bicepconfig: no-unused-vars should be an error", [
            R("bicepconfig.json"),
            E("bicepconfig.json", '"no-unused-vars": { "level": "warning" }', '"no-unused-vars": { "level": "error" }'),
            S("az bicep lint --file " + MAIN, "Error no-unused-vars: Variable 'legacyPlanName' is declared but never used."),
            E(MAIN, "var legacyPlanName = 'plan-tenants-old'\n", ""),
            S("az bicep lint --file " + MAIN),
        ]),
        ("commit", [
            GA("bicepconfig.json"),
            GA(MAIN),
            GC("lint: no-unused-vars is an error"),
        ]),
    ]),
    ("s5", "2026-11-20", "09:25", [
        ("siobhan: storage 2.0.0 with kwame's soft delete, publish it", publish(
            "storage", "2.0.0", "metadata version = '1.4.1'", "metadata version = '2.0.0'",
            "storage 2.0.0: soft delete")),
        ("what-if test rg with storage 2.0.0", [
            S(whatif("rg-tenants-test", "test", sub=False), authz("siobhan", "rg-tenants-test")),
            S(whatif("rg-tenants-test", "test")),
        ]),
        ("main.bicep ref -> storage 2.0.0", [
            E(MAIN, "modules/storage:1.4.1'", "modules/storage:2.0.0'"),
            S("az bicep build --file " + MAIN),
            S("az bicep lint --file " + MAIN),
            GA(MAIN),
            GC("main: storage 2.0.0"),
        ]),
        ("staging healthz and repairs", [
            H(STG + "healthz"),
            H(STG + "repairs", "HTTP 500 Internal Server Error"),
        ]),
        ("pipeline: AzureCLI task v2", [
            R("pipelines/deploy.yml"),
            E("pipelines/deploy.yml", "task: AzureCLI@1", "task: AzureCLI@2"),
        ]),
    ]),
    ("s6", "2026-11-21", "10:00", [
        ("kwame: dev log analytics retention 30 -> 60", params(
            "dev", "param logRetentionDays = 30", "param logRetentionDays = 60")),
        ("psrule on dev params, quick", [
            psrule("infra/env/dev.bicepparam"),
        ]),
        ("staging up? version", [
            H(STG + "version", "connect ECONNREFUSED 20.90.134.7:443"),
        ]),
        ("commit dev change", [
            GS(),
            GA("infra/env/dev.bicepparam"),
            GC("dev: log retention 60 days"),
        ]),
        ("staging again", [
            H(STG + "version"),
        ]),
        ("push", [
            S("git push origin main"),
        ]),
    ]),
]
