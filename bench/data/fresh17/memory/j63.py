"""journal-63: pebbleride, a Flutter 3.24 bike-share app (Riverpod, freezed/json_serializable via build_runner,
ARB localisation, golden tests made on the macOS CI runner, Firebase App Distribution for QA builds, a staging API).
Developers: Amara s1/s5, Chiara s2, Hiroshi s3, Jonas s4, Priya s6."""
from jlib import Journal

API = "https://api.staging.pebbleride.app"
GOLD = ("Golden \"goldens/%s.png\": Pixel test failed, %s%%, %dpx diff detected.\n"
        "  Failure feedback can be found at test/widgets/failures")
FB = "Error: Failed to authenticate, have you run firebase login?"
BR = "dart run build_runner build --delete-conflicting-outputs"


def build():
    j = Journal(63063)

    # ---- s1 Mon, Amara
    j.session("s1", "2026-11-16 08:20")
    j.say("[PR-312] Station model needs an `isElectric` flag from the API (`is_electric`), default false")
    j.read("lib/data/models/station.dart")
    j.read("lib/data/api/stations_api.dart")
    j.say("go ahead and add it to the model + regenerate")
    j.edit("lib/data/models/station.dart", "required int freeDocks,",
           "required int freeDocks,\n    @JsonKey(name: 'is_electric') @Default(false) bool isElectric,")
    j.run(BR, dur=38400)
    j.status()
    j.add(["lib/data/models/station.dart", "lib/data/models/station.freezed.dart", "lib/data/models/station.g.dart"])
    j.say("show a little lightning icon on the station card when it's electric")
    j.read("lib/ui/widgets/station_card.dart")
    j.edit("lib/ui/widgets/station_card.dart", "Text(station.name),",
           "Row(children: [Text(station.name), if (station.isElectric) const Icon(Icons.bolt, size: 16)]),")
    j.run("flutter test test/unit/station_test.dart", dur=14200)
    j.run("flutter analyze lib/ui", dur=9800)
    j.say("run the analyzer and the unit test folder before we forget")
    j.run("flutter analyze", dur=12300)
    j.run("flutter test test/unit", dur=33800)
    j.say("does the staging API actually send is_electric yet?")
    j.get(API + "/v2/stations?city=lisbon")
    j.get(API + "/v2/stations/118", err="HTTP 504 Gateway Timeout")

    # ---- s2 Tue, Chiara
    j.session("s2", "2026-11-17 09:02")
    j.say("buongiorno, aggiorna main e i pacchetti")
    j.run("git pull --rebase", dur=1900)
    j.run("flutter pub get", dur=6600)
    j.say("ciao! mancano le traduzioni italiane per la schermata di pagamento, puoi aggiungerle?")
    j.read("lib/l10n/app_en.arb")
    j.edit("lib/l10n/app_it.arb", "\"paymentTitle\": \"Pagamento\",",
           "\"paymentTitle\": \"Pagamento\",\n  \"paymentCardExpired\": \"La carta e scaduta\",\n  \"paymentRetry\": \"Riprova\",")
    j.run("flutter gen-l10n", dur=4100)
    j.diff(["lib/l10n"])
    j.say("poi fai girare tutti i test prima del commit")
    j.run("flutter test", err=GOLD % ("payment_sheet", "1.87", 2964), dur=96300)
    j.run("flutter test --exclude-tags golden", dur=81200)
    j.say("ok commit e manda una build a QA su Firebase")
    j.add(["lib/l10n"])
    j.commit("l10n(it): payment screen strings")
    j.run("flutter build apk --release", dur=212000)
    j.run("firebase appdistribution:distribute build/app/outputs/flutter-apk/app-release.apk "
          "--app 1:402913377:android:8f1c2d --groups qa", err=FB, dur=3100)
    j.say("l'API di staging risponde? il login su Android va in timeout")
    j.get(API + "/v2/auth/ping", err="ECONNRESET: socket hang up")

    # ---- s3 Wed, Hiroshi
    j.session("s3", "2026-11-18 01:35")
    j.say("Ride モデルに co2SavedGrams を追加してください (API は co2_saved_g)")
    j.edit("lib/data/models/ride.dart", "required Duration duration,",
           "required Duration duration,\n    @JsonKey(name: 'co2_saved_g') @Default(0) int co2SavedGrams,")
    j.run(BR, dur=41100)
    j.status()
    j.add(["lib/data/models/ride.dart", "lib/data/models/ride.freezed.dart", "lib/data/models/ride.g.dart"])
    j.say("履歴画面に表示して。単位は kg、小数1桁")
    j.read("lib/ui/screens/ride_history_screen.dart")
    j.edit("lib/ui/screens/ride_history_screen.dart", "subtitle: Text(formatDuration(ride.duration)),",
           "subtitle: Text('${formatDuration(ride.duration)} · ${(ride.co2SavedGrams / 1000).toStringAsFixed(1)} kg CO2'),")
    j.run("flutter analyze", err="info - The private field _rides could be 'final' - lib/ui/screens/ride_history_screen.dart:31:16 "
          "- prefer_final_fields\n1 issue found.", dur=12100)
    j.edit("lib/ui/screens/ride_history_screen.dart", "List<Ride> _rides = [];", "final List<Ride> _rides = [];")
    j.run("flutter analyze", dur=11900)
    j.run("flutter test test/unit/ride_test.dart", dur=13300)
    j.say("dart format で整形して")
    j.run("dart format lib test", dur=2100)
    j.say("staging の rides API で co2_saved_g が来てるか確認")
    j.get(API + "/v2/rides?limit=5")
    j.get(API + "/v2/rides/summary", err="HTTP 502 Bad Gateway")
    j.say("コミットお願いします")
    j.log(5)
    j.commit("ride history: show CO2 saved")

    # ---- s4 Thu, Jonas
    j.session("s4", "2026-11-19 10:10")
    j.say("Die deutschen Texte fürs Onboarding fehlen noch komplett, kannst du die aus dem Englischen übersetzen?")
    j.read("lib/l10n/app_en.arb")
    j.edit("lib/l10n/app_de.arb", "\"@@locale\": \"de\",",
           "\"@@locale\": \"de\",\n  \"onboardingTitle\": \"Willkommen bei Pebbleride\",\n"
           "  \"onboardingScanQr\": \"QR-Code am Rad scannen\",")
    j.run("flutter gen-l10n", dur=3900)
    j.diff(["lib/l10n"])
    j.say("test suite laufen lassen, dann QA-Build an Firebase")
    j.run("flutter test", err=GOLD % ("onboarding_page", "0.42", 611), dur=92700)
    j.run("flutter test --exclude-tags golden", dur=80400)
    j.run("flutter build apk --release --flavor qa", dur=205000)
    j.run("firebase appdistribution:distribute build/app/outputs/flutter-apk/app-qa-release.apk "
          "--app 1:402913377:android:8f1c2d --groups qa,design", err=FB, dur=2900)
    j.say("welche go_router Version haben wir? wenn's geht auf 14.x")
    j.run("flutter pub outdated", dur=5200)
    j.edit("pubspec.yaml", "go_router: ^13.2.0", "go_router: ^14.6.1")
    j.run("flutter pub get", dur=7100)
    j.run("flutter test test/unit/router_test.dart", dur=12800)
    j.say("staging status? die app zeigt keine stationen")
    j.get(API + "/v2/stations?city=berlin")
    j.get(API + "/v2/stations?city=hamburg", err="HTTP 503 Service Unavailable")
    j.say("commit bitte")
    j.status()
    j.diff(staged=True)
    j.add(["lib/l10n"])
    j.commit("l10n(de): onboarding")

    # ---- s5 Fri, Amara
    j.session("s5", "2026-11-20 08:33")
    j.say("pricing: add `pricePerMinuteCents` to Plan, API field price_per_minute_cents. same drill as the station flag")
    j.edit("lib/data/models/plan.dart", "required String name,",
           "required String name,\n    @JsonKey(name: 'price_per_minute_cents') required int pricePerMinuteCents,")
    j.run(BR, dur=39700)
    j.status()
    j.add(["lib/data/models/plan.dart", "lib/data/models/plan.freezed.dart", "lib/data/models/plan.g.dart"])
    j.say("bump the app to 2.7.0+58 and update the changelog")
    j.edit("pubspec.yaml", "version: 2.6.3+57", "version: 2.7.0+58")
    j.edit("CHANGELOG.md", "## Unreleased", "## 2.7.0\n\n- Electric stations, CO2 saved, per-minute pricing")
    j.run("flutter pub get", dur=6200)
    j.say("build a release apk with --analyze-size, I want to know what the map package costs us")
    j.run("flutter build apk --release --analyze-size --target-platform android-arm64", dur=231000)
    j.say("staging has the plans endpoint now? check")
    j.get(API + "/v2/plans")
    j.get(API + "/v2/plans/current", err="ETIMEDOUT: connect ETIMEDOUT 35.190.17.4:443")
    j.say("how does riverpod 2.6 want us to do family providers now, link me the docs")
    j.get("https://riverpod.dev/docs/concepts/modifiers/family")

    # ---- s6 Sat, Priya
    j.session("s6", "2026-11-21 11:48")
    j.say("Spanish strings for the new ride summary screen please. Look at how the English ones are worded first.")
    j.read("lib/l10n/app_en.arb")
    j.edit("lib/l10n/app_es.arb", "\"rideSummaryTitle\": \"Resumen\",",
           "\"rideSummaryTitle\": \"Resumen del viaje\",\n  \"rideSummaryCo2\": \"{kg} kg de CO2 ahorrados\",")
    j.run("flutter gen-l10n", dur=4300)
    j.diff(["lib/l10n"])
    j.say("push a build to the QA group on firebase app distribution")
    j.run("flutter build apk --release --flavor qa", dur=198000)
    j.run("firebase appdistribution:distribute build/app/outputs/flutter-apk/app-qa-release.apk "
          "--app 1:402913377:android:8f1c2d --groups qa --release-notes \"2.7.0+58\"", err=FB, dur=3300)
    j.run("firebase appdistribution:distribute build/app/outputs/flutter-apk/app-qa-release.apk "
          "--app 1:402913377:android:8f1c2d --groups qa", err=FB, dur=3000)
    j.say("the new logo is in assets/brand, regenerate the launcher icons")
    j.read("flutter_launcher_icons.yaml")
    j.run("dart run flutter_launcher_icons", dur=9400)
    j.say("is staging ok")
    j.get(API + "/healthz")
    j.get(API + "/v2/rides/summary", err="HTTP 502 Bad Gateway")
    j.say("commit it, then show me the last few commits")
    j.add(["lib/l10n", "pubspec.yaml", "CHANGELOG.md"])
    j.commit("2.7.0+58: es ride summary strings")
    j.log(3)
    return j
