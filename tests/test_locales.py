"""Every message exists in Italian and English, formats, and reaches speech clean."""

from pathlib import Path

import pytest
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from audiogame.announce import Announcer
from audiogame.core.narration import Message
from audiogame.history import History
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.language.localizer import INVISIBLE, LANGUAGES, Localizer
from audiogame.resources import data_dir

ROOT = data_dir("locales")


class _Variables(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def messages(lang: str) -> dict[str, set[str]]:
    """Message id -> the variables it uses, over every .ftl file of a language."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / lang).glob("*.ftl")):
        resource = parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, ast.Junk)]
        assert not junk, f"{path}: syntax errors {[j.annotations for j in junk]}"
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                assert entry.id.name not in found, f"{entry.id.name} defined twice in {lang}"
                visitor = _Variables()
                visitor.visit(entry)
                found[entry.id.name] = visitor.names
    return found


ALL = {lang: messages(lang) for lang in LANGUAGES}


def test_both_languages_have_the_same_messages():
    it, en = set(ALL["it"]), set(ALL["en"])
    assert it - en == set(), "missing in English"
    assert en - it == set(), "missing in Italian"
    assert len(it) > 50


def test_the_same_variables_in_both_languages():
    for msg_id, names in ALL["it"].items():
        assert names == ALL["en"][msg_id], msg_id


def test_every_message_file_pair_exists():
    it = {p.name for p in (ROOT / "it").glob("*.ftl")}
    en = {p.name for p in (ROOT / "en").glob("*.ftl")}
    assert it == en


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sample", [0, 1, 3, 12, "Marco"])
def test_every_message_formats_and_reaches_speech_clean(lang, sample):
    localizer = Localizer(lang)
    speaker = RecordingSpeaker()

    class NoCues:
        def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
            pass

    announcer = Announcer(speaker, NoCues(), localizer, lambda kind: "speak", History())
    for msg_id, names in ALL[lang].items():
        args = dict.fromkeys(names, sample)
        bundle = localizer.bundle(lang)
        text, errors = bundle.format_pattern(bundle.get_message(msg_id).value, args)
        assert not errors, (msg_id, errors)
        assert text.strip(), msg_id
        announcer.post(Message(msg_id, args))
    announcer.flush()
    spoken = " ".join(speaker.transcript)
    assert not INVISIBLE.search(spoken)
    assert "{" not in spoken and "}" not in spoken


def test_italian_and_english_differ_where_they_should():
    it, en = Localizer("it"), Localizer("en")
    same = [
        m
        for m in ALL["it"]
        if it(m, **dict.fromkeys(ALL["it"][m], 2)) == en(m, **dict.fromkeys(ALL["en"][m], 2))
    ]
    # names such as "Domino" may match; whole sentences must not
    assert all(len(it(m, **dict.fromkeys(ALL["it"][m], 2)).split()) <= 3 for m in same), same


def test_plurals_read_naturally():
    it, en = Localizer("it"), Localizer("en")
    draws = {"who": "Marco", "boneyard": 5}
    assert it("domino-draws", n=1, **draws).startswith("Marco pesca una tessera")
    assert it("domino-draws", n=3, **draws).startswith("Marco pesca 3 tessere")
    assert en("domino-draws", n=1, **draws) != en("domino-draws", n=3, **draws)
    deal = it("domino-manche-start", manche=1, size=1, boneyard=0)
    assert "una tessera a testa, niente ossario" in deal


def test_unknown_message_never_crashes():
    assert Localizer("en")("no-such-message") == "no-such-message"


def test_locales_folder_is_found():
    assert Path(ROOT, "it", "core.ftl").exists()


def test_a_file_changed_on_disk_is_read_anew_by_the_next_localizer(tmp_path):
    """Parsed files are kept by their text (one parse per process for the many apps a
    test run builds): a file whose text changed is parsed again, never served stale."""
    folder = tmp_path / "en"
    folder.mkdir()
    (folder / "words.ftl").write_text("greeting = Hello\n", encoding="utf-8")
    assert Localizer("en", root=tmp_path)("greeting") == "Hello"
    assert Localizer("en", root=tmp_path)("greeting") == "Hello"
    (folder / "words.ftl").write_text("greeting = Good evening\n", encoding="utf-8")
    assert Localizer("en", root=tmp_path)("greeting") == "Good evening"
