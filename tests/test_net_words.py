"""Words read aloud: invite codes and fingerprints in both languages, names, chat text."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from audiogame.language.localizer import Localizer
from audiogame.net.protocol import spoken_words as words
from audiogame.net.protocol.chat_text import MAX_CHARS, clean_chat
from audiogame.net.protocol.names import clean_name
from audiogame.net.protocol.reasons import Reason
from audiogame.net.protocol.tls import fingerprint_words


def test_each_word_names_one_entry_in_either_language():
    it = [w[0] for w in words.WORDS]
    en = [w[1] for w in words.WORDS]
    assert len(words.WORDS) == 2**words.BITS
    assert len(set(it)) == len(it) and len(set(en)) == len(en)
    for index, (i, e) in enumerate(words.WORDS):
        assert words.parse(i) == (index,)
        assert words.parse(e) == (index,)


@given(st.lists(st.integers(0, len(words.WORDS) - 1), min_size=1, max_size=6))
def test_a_code_said_in_one_language_is_read_back_in_both(numbers):
    for lang in ("it", "en"):
        said = words.say(numbers, lang)
        assert words.parse(said) == tuple(numbers)
        assert words.parse(said.upper().replace(" ", " - ")) == tuple(numbers)


def test_codes_are_mixed_free_and_reject_strangers():
    assert words.parse("Gatto moon VERDE") == (0, 2, 15)
    assert words.parse("gelato, rosso") == (127, 14)
    assert words.parse("ice cream red") == (127, 14)
    assert words.parse("gatto dinosauro") is None


def test_a_fingerprint_reads_as_six_words_the_same_in_both_languages():
    digest = "ab" * 32
    it, en = fingerprint_words(digest, "it"), fingerprint_words(digest, "en")
    assert len(words.parse(it)) == words.FINGERPRINT_WORDS
    assert words.parse(it) == words.parse(en)
    assert fingerprint_words("ac" + "ab" * 31, "en") != en


def test_names_with_reasons():
    assert clean_name("  Anna   Maria ") == ("Anna Maria", None)
    assert clean_name("Zoë O'Neill")[1] is None
    assert clean_name("x")[1] is Reason.NAME_EMPTY
    assert clean_name("a" * 25)[1] is Reason.NAME_TOO_LONG
    assert clean_name("Anna\u202e")[1] is Reason.NAME_CHARACTERS  # a right-to-left override
    assert clean_name("<script>")[1] is Reason.NAME_CHARACTERS
    assert clean_name("12345")[1] is Reason.NAME_CHARACTERS  # says nothing aloud


@given(st.text(max_size=3000))
def test_chat_text_is_short_and_has_no_control_or_format_characters(raw):
    text = clean_chat(raw)
    assert len(text) <= MAX_CHARS
    assert not any(unicodedata.category(c)[0] == "C" for c in text)
    assert text == text.strip()


def test_chat_repeats_are_cut_to_three():
    assert clean_chat("no!!!!!!!!!!!!!") == "no!!!"
    assert clean_chat("hahahahahahahaha") == "hahaha"
    assert clean_chat("spam " * 6) == "spam spam spam"
    assert clean_chat("a\tb\n\nc") == "a b c"
    assert clean_chat("ciao") == "ciao"


@given(st.text(max_size=3000))
def test_chat_text_has_at_most_two_combining_marks_on_a_letter(raw):
    text = clean_chat(raw)
    run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        assert run <= 2


def test_chat_text_written_to_hurt_a_synthesizer_is_cleaned():
    zalgo = clean_chat("c" + "\u0301\u0316\u0357" * 300 + "iao")
    assert zalgo[0] == "\u0107" and zalgo[3:] == "iao"  # ć, two marks, the rest
    assert clean_chat("\u0300" * 1500 + "ok") == "ok"  # marks on no letter
    assert clean_chat("perch\u00e9 n\u0303\u0303\u0303\u0303o") == "perché ñ\u0303\u0303o"
    # bidi overrides and isolates, zero widths, controls: gone
    assert clean_chat("abc\u202edef\u2066ghi\u2069\u200b\u200djk\x07l\x1b[2J") == "abcdefghijkl[2J"
    assert clean_chat("a" * 4000) == "aaa"  # one character over and over
    assert clean_chat("\U000e0041\U000e0042tag") == "tag"  # tag characters


def test_every_reason_is_said_in_both_languages():
    for lang in ("it", "en"):
        localizer = Localizer(lang)
        for reason in Reason:
            text = localizer(f"net-reason-{reason.value}")
            assert text and not text.startswith("net-reason"), (lang, reason)
