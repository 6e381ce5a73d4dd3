"""journal-80: mothlantern, a Godot 4.3 GDScript game (Sol and Kaito code, Ren draws)."""
from jlib import Journal

GUT = "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit"
NOCACHE = ('SCRIPT ERROR: Parse Error: Identifier "GutUtils" not declared in the current scope.\n'
           '   at: GDScript::reload (res://addons/gut/gut_cmdln.gd:38)\nERROR: Failed to load script "res://addons/gut/gut_cmdln.gd" with error "Parse error".')
BUTLER = "No saved credentials at /home/agent/.config/itch/butler_creds\nPlease run 'butler login' first."
GDF3 = "lark.exceptions.UnexpectedCharacters: No terminal matches '@' in the current parser context, at line {} col 1"
TRAP = "https://trap.mothlantern.games/api/v1"
VENV = "tools/.venv/bin/"


def sprite(name):
    return "aseprite -b art/src/{0}.aseprite --sheet art/sprites/{0}.png --data art/sprites/{0}.json --format json-array --list-tags".format(name)


def build():
    j = Journal(800080)

    # s1 Mon — Sol
    j.day("s1", "2026-11-09", "09:20")
    j.say("carrying a lantern should slow the moth down by a fifth (scripts/player/moth_movement.gd)")
    j.rd("scripts/player/moth_movement.gd")
    j.rd("scripts/lanterns/lantern.gd")
    j.ed("scripts/player/moth_movement.gd", "@export var speed: float = 180.0", "@export var speed: float = 180.0\n@export var carry_slowdown: float = 0.2")
    j.ed("scripts/player/moth_movement.gd", "\tvelocity = input_dir * speed", "\tvar s := speed * (1.0 - carry_slowdown) if carried_lantern else speed\n\tvelocity = input_dir * s")
    j.sh(GUT + " -gselect=test_moth_movement.gd", ms=6420.2)
    j.say("tidy the file before commit")
    j.sh("gdformat scripts/player/moth_movement.gd", GDF3.format(4))
    j.sh("ls tools/.venv/bin", ms=12.0)
    j.sh(VENV + "gdformat scripts/player/moth_movement.gd", ms=410.9)
    j.sh(VENV + "gdlint scripts/player/moth_movement.gd", ms=520.4)
    j.gadd(["scripts/player/moth_movement.gd"])
    j.gcommit("moth: slower while carrying a lantern")
    j.say("put a build of this on itch for the playtesters, web channel")
    j.sh("godot --headless --export-release \"Web\" build/web/index.html", ms=48210.6)
    j.sh("butler push build/web sollune/mothlantern:web-playtest", BUTLER)
    j.say("ah right, Sol pushes. leave the build folder there")
    j.say("any crashes from the weekend playtest on the trap?")
    j.get(TRAP + "/reports?since=2026-11-07&limit=50")
    j.get(TRAP + "/reports/8121", "HTTP 502 Bad Gateway")
    j.say("ok, look later")

    # s2 Tue — Kaito
    j.day("s2", "2026-11-10", "10:05")
    j.say("Kaito. rain feature goes in its own checkout: worktree ../ml-rain on branch rain, and check the tests pass there")
    j.sh("git worktree add ../ml-rain -b rain", ms=811.3)
    j.sh(GUT.replace("godot ", "godot --path ../ml-rain ", 1), NOCACHE, ms=3012.7)
    j.sh("godot --path ../ml-rain --headless --import", ms=61220.4)
    j.sh(GUT.replace("godot ", "godot --path ../ml-rain ", 1), ms=9810.2)
    j.say("fine, 118 passing. RainZone (Area2D) that pushes the moth down, scripts/world/rain_zone.gd, with a unit test")
    j.wr("../ml-rain/scripts/world/rain_zone.gd", "class_name RainZone\nextends Area2D\n\n@export var force: Vector2 = Vector2(0, 45)\n\n\nfunc push_of(body: Node2D) -> Vector2:\n\treturn force if overlaps_body(body) else Vector2.ZERO\n")
    j.wr("../ml-rain/test/unit/test_rain_zone.gd", "extends GutTest\n\n\nfunc test_no_push_outside():\n\tvar w := RainZone.new()\n\tadd_child_autofree(w)\n\tassert_eq(w.push_of(Node2D.new()), Vector2.ZERO)\n")
    j.sh(GUT.replace("godot ", "godot --path ../ml-rain ", 1) + " -gselect=test_rain_zone.gd", ms=5402.8)
    j.say("Ren committed lantern.aseprite with a new flicker tag; regenerate its sheet")
    j.sh(sprite("lantern"), ms=1310.6)
    j.rd("art/sprites/lantern.json")
    j.gadd(["art/sprites/lantern.png", "art/sprites/lantern.json"])
    j.gcommit("art: lantern flicker tag")
    j.say("trap: anything new since yesterday?")
    j.get(TRAP + "/reports?since=2026-11-09")
    j.get(TRAP + "/reports?since=2026-11-09&platform=web", "timed out after 12000 ms")
    j.say("ok bye")

    # s3 Wed — Sol
    j.day("s3", "2026-11-11", "09:37")
    j.say("relay: a lantern touching a lit one should catch fire after half a second, not immediately")
    j.rd("scripts/lanterns/lantern_relay.gd")
    j.rd("test/unit/test_lantern_relay.gd")
    j.ed("scripts/lanterns/lantern_relay.gd", "\tother.light()", "\tget_tree().create_timer(chain_delay).timeout.connect(other.light)")
    j.ed("scripts/lanterns/lantern_relay.gd", "var chain_delay", "@export var chain_delay")
    j.sh(GUT + " -gselect=test_lantern_relay.gd", "FAILED: test_relay_lights_neighbour  [expected true, got false]\n1 of 7 tests failed", ms=5102.4)
    j.ed("test/unit/test_lantern_relay.gd", "\tassert_true(b.is_lit)", "\tawait wait_seconds(0.6)\n\tassert_true(b.is_lit)")
    j.sh(GUT + " -gselect=test_lantern_relay.gd", ms=5890.1)
    j.sh(VENV + "gdformat scripts/lanterns/lantern_relay.gd test/unit/test_lantern_relay.gd", ms=380.7)
    j.gadd(["scripts/lanterns/lantern_relay.gd", "test/unit/test_lantern_relay.gd"])
    j.gcommit("lanterns: relay delay 0.5 s")
    j.say("windows build to itch please, a tester can't run the web one")
    j.sh("godot --headless --export-release \"Windows Desktop\" build/win/mothlantern.exe", ms=52301.8)
    j.sh("butler push build/win sollune/mothlantern:windows-playtest", BUTLER)
    j.sh("butler status sollune/mothlantern", BUTLER)
    j.say("ok I'll push it from my laptop tonight. how often did 0.6.9 crash according to the trap")
    j.get(TRAP + "/stats?version=0.6.9")
    j.get(TRAP + "/stats?version=0.6.9&by=platform", "HTTP 503 Service Unavailable")
    j.say("later")

    # s4 Thu — Kaito
    j.day("s4", "2026-11-12", "08:50")
    j.say("beetle: new palette from Ren, re-export")
    j.sh(sprite("beetle"), ms=1250.2)
    j.rd("art/sprites/beetle.json")
    j.gadd(["art/sprites/beetle.png", "art/sprites/beetle.json"])
    j.gcommit("art: beetle palette")
    j.say("frog behaviour: it should only tongue-grab when the moth is lit by a lantern. scripts/enemies/frog.gd")
    j.rd("scripts/enemies/frog.gd")
    j.ed("scripts/enemies/frog.gd", "\tif moth.global_position.distance_to(global_position) < reach:", "\tif moth.is_lit() and moth.global_position.distance_to(global_position) < reach:")
    j.sh(GUT + " -gselect=test_frog.gd", ms=5012.9)
    j.sh("gdformat scripts/enemies/frog.gd", GDF3.format(2))
    j.sh(VENV + "gdformat scripts/enemies/frog.gd", ms=398.5)
    j.sh(VENV + "gdlint scripts/enemies/frog.gd", ms=470.2)
    j.say("commit")
    j.gdiff(["scripts/enemies/frog.gd"])
    j.gcommit("frog: only grab lit moths")
    j.say("pull the top crash signatures from the trap, last 7 days")
    j.get(TRAP + "/signatures?days=7&top=10")
    j.get(TRAP + "/signatures/2281/reports", "HTTP 502 Bad Gateway")
    j.say("ok")

    # s5 Fri — Sol
    j.day("s5", "2026-11-13", "09:15")
    j.say("I wiped my checkout (git clean -xdf, the .import mess). run all unit tests")
    j.sh(GUT, NOCACHE, ms=2980.6)
    j.sh("godot --headless --import", ms=58802.1)
    j.sh(GUT, ms=14020.7)
    j.say("121 passing. the pause menu needs a 'restart night' button")
    j.rd("scenes/ui/pause_menu.tscn")
    j.rd("scripts/ui/pause_menu.gd")
    j.ed("scripts/ui/pause_menu.gd", "func _on_quit_pressed() -> void:", "func _on_restart_pressed() -> void:\n\tget_tree().paused = false\n\tget_tree().reload_current_scene()\n\n\nfunc _on_quit_pressed() -> void:")
    j.ed("scenes/ui/pause_menu.tscn", "[node name=\"Quit\" type=\"Button\" parent=\"VBox\"]", "[node name=\"Restart\" type=\"Button\" parent=\"VBox\"]\ntext = \"RESTART_NIGHT\"\n\n[node name=\"Quit\" type=\"Button\" parent=\"VBox\"]")
    j.ed("locale/ui.csv", "QUIT,Quit,Beenden,終了", "RESTART_NIGHT,Restart night,Nacht neu starten,夜をやり直す\nQUIT,Quit,Beenden,終了")
    j.sh("godot --headless --import", ms=20010.2)
    j.sh(GUT + " -gselect=test_pause_menu.gd", ms=4402.6)
    j.gst()
    j.gadd(["scripts/ui/pause_menu.gd", "scenes/ui/pause_menu.tscn", "locale/ui.csv", "locale/ui.de.translation", "locale/ui.ja.translation"])
    j.gcommit("pause menu: restart night")
    j.say("what does the trap have for build 0.7.0?")
    j.get(TRAP + "/reports?version=0.7.0")
    j.get(TRAP + "/reports?version=0.7.0&platform=windows", "timed out after 12000 ms")

    # s6 Sat — Kaito
    j.day("s6", "2026-11-14", "11:02")
    j.say("owl sheet: Ren added the glide animation, export it")
    j.sh(sprite("owl"), ms=1402.3)
    j.rd("art/sprites/owl.json")
    j.gadd(["art/sprites/owl.png", "art/sprites/owl.json"])
    j.gcommit("art: owl glide anim")
    j.say("play 'glide' when the owl swoops (scenes/enemies/owl.tscn)")
    j.rd("scenes/enemies/owl.tscn")
    j.ed("scenes/enemies/owl.tscn", "autoplay = \"perch\"", "autoplay = \"glide\"", err="edit_file: old text not found in scenes/enemies/owl.tscn")
    j.rd("scripts/enemies/owl.gd")
    j.ed("scripts/enemies/owl.gd", "\tstate = State.SWOOP", "\tstate = State.SWOOP\n\t$Sprite.play(\"glide\")")
    j.sh(GUT + " -gselect=test_owl.gd", ms=4210.5)
    j.sh(VENV + "gdlint scripts/enemies/owl.gd", ms=455.1)
    j.say("commit it and put the browser export on itch for the testers")
    j.gcommit("owl: glide on swoop")
    j.sh("godot --headless --export-release \"Web\" build/web/index.html", ms=47720.0)
    j.sh("butler push build/web sollune/mothlantern:web-playtest", BUTLER)
    j.say("ugh, Sol's job then. last thing: trap, any crash mentioning the owl")
    j.get(TRAP + "/reports?q=owl.gd", "HTTP 503 Service Unavailable")
    j.say("fine")
    return j


if __name__ == "__main__":
    build().dump("journal-80.jsonl")
