"""Journal 113: cantoria-editions (LilyPond 2.24 choir editions), 2026-11-30 .. 2026-12-05."""
from jlib import Journal

LIB = "https://library.cantoria.org.uk/api/v1"
SF = "soundfonts/GeneralUser-GS.sf2"
E_FS = 'fluidsynth: error: Failed to load SoundFont "%s"' % SF
E_502 = "HTTP 502 Bad Gateway"
E_TO = "ReadTimeout: no response from library.cantoria.org.uk within 10 s"
E_RST = "ConnectionResetError: [Errno 104] Connection reset by peer"


def e_ly(piece):
    return "scores/%s/full.ly:3:1: error: cannot find file: `cantoria.ily'" % piece


def build():
    j = Journal(113030, "2026-11-30")

    # ---------------- s1 (Mon) Maren, then Tobias
    j.session("s1", 0, 9, 10)
    j.p("morning! sicut cervus alto line, the slur in bar 12 lands on the wrong note")
    j.rd("scores/sicut-cervus/notes.ily")
    j.rd("scores/sicut-cervus/part-alto.ly")
    j.ed("scores/sicut-cervus/notes.ily", "a'4( g' f'2)", "a'4( g') f'2")
    j.sh("lilypond -o build/parts scores/sicut-cervus/part-alto.ly", ms=6120.5)
    j.p("looks right. commit")
    j.add("scores/sicut-cervus/notes.ily")
    j.commit("sicut cervus: fix alto slur b.12")
    j.p("o magnum: sections asked for practice wavs again. midi goes to build/midi")
    j.sh("lilypond -I include -o build/midi scores/o-magnum/midi.ly", ms=7310.5)
    j.sh("fluidsynth -ni -F build/audio/o-magnum-bass.wav %s build/midi/o-magnum-bass.midi" % SF, err=E_FS, ms=212.5)
    j.sh("file %s" % SF, ms=11.5)
    j.p("it's an lfs pointer?? nobody installed git-lfs on this box. skip the audio, I'll ask in the channel")
    j.p("Tobias: the cantique came from the arranger as musicxml, it's incoming/cantique.musicxml. bring it in pls")
    j.sh("musicxml2ly --no-beaming -o scores/cantique/import.ly incoming/cantique.musicxml", ms=2840.5)
    j.rd("scores/cantique/import.ly")
    j.wr("scores/cantique/notes.ily",
         "\\version \"2.24.0\"\nsoprano = \\relative c'' { \\key des \\major \\time 4/4 des4 c bes aes | ... }\n"
         "alto = \\relative c' { ... }\ntenor = \\relative c' { ... }\nbass = \\relative c { ... }\n")
    j.add("scores/cantique/notes.ily")
    j.p("is it in the library catalogue yet?")
    j.get(LIB + "/works?q=cantique+de+jean+racine")
    j.get(LIB + "/works/1187/copies", err=E_502)
    j.p("fine, commit what we have")
    j.commit("cantique: import voices from arranger's export")

    # ---------------- s2 (Tue) Ines, then Maren
    j.session("s2", 1, 8, 45)
    j.p("Ines here. need the road home as one big PDF with piano for tomorrow's rehearsal")
    j.sh("lilypond -o build/proofs scores/road-home/full.ly", err=e_ly("road-home"), ms=1410.5)
    j.rd("scores/road-home/full.ly")
    j.sh("lilypond -I include -o build/proofs scores/road-home/full.ly", ms=11840.5)
    j.p("page turn at bar 40 is mid-phrase, move it")
    j.ed("scores/road-home/full.ly", "\\break % b40", "\\pageBreak % b40",
         err="Error: old_text not found in scores/road-home/full.ly")
    j.rd("scores/road-home/layout.ily")
    j.ed("scores/road-home/layout.ily", "s1*39 \\break", "s1*39 \\pageBreak")
    j.sh("lilypond -I include -o build/proofs scores/road-home/full.ly", ms=11530.5)
    j.p("ok good. stage both + commit")
    j.status()
    j.add("scores/road-home/full.ly", "scores/road-home/layout.ily")
    j.commit("road home: page turn after b.40")
    j.p("Maren: hymn to the virgin is still ancient 2.16 syntax, can you upgrade it")
    j.sh("convert-ly -e -f 2.16.0 scores/hymn-virgin/*.ly", ms=3120.5)
    j.diff("scores/hymn-virgin")
    j.commit("hymn to the virgin: convert-ly 2.16 -> 2.24")
    j.p("does the library even have our hymn edition on record")
    j.get(LIB + "/works?q=hymn+to+the+virgin", err=E_TO)
    j.get(LIB + "/works?q=hymn+to+the+virgin")
    j.p("thx, that's it from me")

    # ---------------- s3 (Wed) Tobias
    j.session("s3", 2, 9, 30)
    j.p("gaudete from Camille is in incoming/gaudete.musicxml. same drill as the cantique")
    j.sh("musicxml2ly --no-beaming -o scores/gaudete/import.ly incoming/gaudete.musicxml", ms=2210.5)
    j.rd("scores/gaudete/import.ly")
    j.wr("scores/gaudete/notes.ily",
         "\\version \"2.24.0\"\nsoprano = \\relative c'' { \\key g \\dorian \\time 2/2 g2 g4 a | ... }\n"
         "alto = \\relative c'' { ... }\ntenor = \\relative c' { ... }\nbass = \\relative c { ... }\n")
    j.add("scores/gaudete/notes.ily")
    j.p("altos would like gaudete to practise at home, can we do audio")
    j.sh("lilypond -I include -o build/midi scores/gaudete/midi.ly", ms=5020.5)
    j.sh("fluidsynth -ni -F build/audio/gaudete-alto.wav %s build/midi/gaudete-alto.midi" % SF, err=E_FS, ms=198.5)
    j.p("right, that sf2 thing again. never mind")
    j.p("lyrics: check hyphenation of verse 3 in gaudete")
    j.sh("python3 tools/lyric_hyphens.py scores/gaudete/notes.ily",
         err="usage: lyric_hyphens.py [-h] --voice {sop,alto,ten,bass} FILE\n"
             "lyric_hyphens.py: error: the following arguments are required: --voice", ms=160.5)
    j.sh("python3 tools/lyric_hyphens.py --voice sop scores/gaudete/notes.ily", ms=240.5)
    j.p("two hyphens missing in sop v3, fix them")
    j.ed("scores/gaudete/notes.ily", "Gau de te", "Gau -- de -- te")
    j.ed("scores/gaudete/notes.ily", "Chri stus", "Chri -- stus")
    j.sh("python3 tools/lyric_hyphens.py --voice sop scores/gaudete/notes.ily", ms=230.5)
    j.p("library: how many gaudete copies do we have")
    j.get(LIB + "/works?q=gaudete")
    j.get(LIB + "/works/2290/copies")
    j.p("commit pls")
    j.diff("scores/gaudete/notes.ily")
    j.add("scores/gaudete/notes.ily")
    j.commit("gaudete: hyphenation v3 soprano")

    # ---------------- s4 (Thu) Ines
    j.session("s4", 3, 8, 20)
    j.p("biebl ave maria: the conductor wants a full-score pdf to scribble on")
    j.sh("lilypond -o build/proofs scores/biebl-ave-maria/full.ly", err=e_ly("biebl-ave-maria"), ms=1380.5)
    j.ls("include")
    j.sh("lilypond -I include -o build/proofs scores/biebl-ave-maria/full.ly", ms=13260.5)
    j.p("the dona nobis proofs from october, where are they")
    j.rd("scores/dona-nobis/full.ly", err="ENOENT: no such file or directory, open 'scores/dona-nobis/full.ly'")
    j.ls("scores")
    j.rd("scores/dona-nobis-pacem/full.ly")
    j.p("ok. that one's 2.18 too, upgrade it")
    j.sh("convert-ly -e -f 2.18.2 scores/dona-nobis-pacem/*.ly", ms=2760.5)
    j.diff("scores/dona-nobis-pacem")
    j.commit("dona nobis pacem: convert-ly 2.18 -> 2.24")
    j.p("library entry for dona nobis?")
    j.get(LIB + "/works?q=dona+nobis+pacem", err=E_502)
    j.p("meh, later. biebl tempo should say Andante not Lento")
    j.rd("scores/biebl-ave-maria/notes.ily")
    j.ed("scores/biebl-ave-maria/notes.ily", "\\tempo \"Lento\"", "\\tempo \"Andante\"")
    j.ed("scores/biebl-ave-maria/full.ly", "% tempo: Lento", "% tempo: Andante")
    j.sh("lilypond -I include -o build/proofs scores/biebl-ave-maria/full.ly", ms=12980.5)
    j.p("commit")
    j.add("scores/biebl-ave-maria/notes.ily")
    j.add("scores/biebl-ave-maria/full.ly")
    j.commit("biebl ave maria: tempo Andante")

    # ---------------- s5 (Fri) Maren
    j.session("s5", 4, 9, 5)
    j.p("tallis if ye love me is on 2.18 syntax as well. bring it up")
    j.sh("convert-ly -e -f 2.18.2 scores/tallis-if-ye-love/*.ly", ms=2510.5)
    j.diff("scores/tallis-if-ye-love")
    j.commit("tallis: convert-ly 2.18 -> 2.24")
    j.p("engrave soprano + tenor parts so I can see nothing moved")
    j.sh("lilypond -I include -o build/parts scores/tallis-if-ye-love/part-soprano.ly", ms=5840.5)
    j.sh("lilypond -I include -o build/parts scores/tallis-if-ye-love/part-tenor.ly", ms=5710.5)
    j.p("tenors asked for a wav of their tallis line")
    j.sh("fluidsynth -ni -F build/audio/tallis-tenor.wav %s build/midi/tallis-tenor.midi" % SF, err=E_FS, ms=205.5)
    j.sh("fluidsynth -ni -g 0.8 -F build/audio/tallis-tenor.wav %s build/midi/tallis-tenor.midi" % SF, err=E_FS, ms=201.5)
    j.p("forget it then. library: who has the tallis copies out")
    j.get(LIB + "/works/412/loans")
    j.get(LIB + "/works/412/copies", err=E_RST)
    j.p("put the loan info in notes/tallis.md, short")
    j.wr("notes/tallis.md", "# Tallis, If ye love me\n\n- 24 copies, 6 out on loan (Ruthin, Bala)\n- edition 2019b\n")
    j.p("stage the note and commit")
    j.add("notes/tallis.md")
    j.commit("notes: tallis loans")
    j.log(2)

    # ---------------- s6 (Sat) Tobias, then Ines
    j.session("s6", 5, 10, 0)
    j.p("Tobias: dulcis memoria arrived from Camille, incoming/dulcis-memoria.musicxml")
    j.sh("musicxml2ly --no-beaming -o scores/dulcis-memoria/import.ly incoming/dulcis-memoria.musicxml", ms=1990.5)
    j.rd("scores/dulcis-memoria/import.ly")
    j.wr("scores/dulcis-memoria/notes.ily",
         "\\version \"2.24.0\"\nsoprano = \\relative c'' { \\key f \\major \\time 3/4 f4 g a | ... }\n"
         "alto = \\relative c' { ... }\ntenor = \\relative c' { ... }\nbass = \\relative c { ... }\n")
    j.add("scores/dulcis-memoria/notes.ily")
    j.p("commit")
    j.commit("dulcis memoria: import voices")
    j.p("Ines: quick pass over the library for this season's works")
    j.get(LIB + "/works?season=2026-autumn")
    j.get(LIB + "/works?season=2026-autumn&status=loan", err=E_TO)
    j.p("rebuild the o magnum bass part, there was a clef fix last week")
    j.sh("lilypond -I include -o build/parts scores/o-magnum/part-bass.ly", ms=5230.5)
    j.p("how big is build/ now")
    j.sh("du -sh build", ms=40.5)
    j.p("git status?")
    j.status()
    j.p("ok we're done, thanks")
    return j
