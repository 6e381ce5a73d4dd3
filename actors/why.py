"""Why a tool is exposed, in a few words: the reasons of broker/exposure/reasons.py (as JSON) for people to read.

Shared by `actors expose` (actors/cli_fast.py) and the web console's exposure view; imports nothing heavy.
"""

from __future__ import annotations

from broker.vocab import ExposureReason

REASONS_SHOWN = 3  # reasons shown beside a tool (the JSON has them all): the strongest say why


def reason_text(reason: dict) -> str:
    """One reason a tool is exposed (broker/exposure/reasons.py, as JSON), in a few words."""
    kind = reason.get("kind")
    if kind == ExposureReason.WORDS:
        terms = ", ".join(_term_text(t) for t in reason.get("terms", ()))
        return f"words: {terms}" if terms else "words"
    if kind == ExposureReason.MEANING:
        return f"meaning: cosine {reason['similarity']:.2f}" if "similarity" in reason else "meaning"
    if kind == ExposureReason.LEARNED:
        return f"learned: used after \"{reason['instruction']}\"" if reason.get("instruction") else \
            "learned from similar instructions"
    if kind == ExposureReason.TOGETHER:
        share = f" ({reason['share']:.0%} of its uses)" if "share" in reason else ""
        return f"used together with {reason['of']}{share}" if reason.get("of") else "used together with another"
    if kind == ExposureReason.COMPANION:
        return f"companion of {reason['of']}" if reason.get("of") else "companion of a chosen tool"
    if kind == ExposureReason.ORGAN:
        share = f" ({reason['share']:.2f})" if "share" in reason else ""
        return f"organ {reason.get('organ', '?')} pointed at{share}"
    if kind == ExposureReason.WHOLE:
        return f"organ {reason.get('organ', '?')} sent whole"
    return _REASON_WORDS.get(kind, str(kind))


_REASON_WORDS = {
    ExposureReason.ADDRESS: "takes the URL or file given", ExposureReason.LIBRARY: "answers about the library named",
    ExposureReason.MENTIONED: "named by a recalled memory card", ExposureReason.POPULAR: "used most among equals",
    ExposureReason.STATEMENT: "used after past reports like this one", ExposureReason.RECENT: "used recently",
    ExposureReason.EXECUTOR: "runs any command",
    ExposureReason.CATALOGUE: "the whole catalogue fits the budget"}


def _term_text(term: dict) -> str:
    # the request's word, or what a word was read as (red->reduc), or the term a hint or a path put in
    word = term.get("word")
    if not word:
        return term["term"]
    return f"{word}->{term['term']}" if term.get("derived") else word
