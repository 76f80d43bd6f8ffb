"""eSpeak NG driven directly through ctypes, rendering to memory.

Why not pyttsx3's espeak driver: it plays through a blocking ``aplay`` and its
external loop is broken, and it only finds a system-installed library. Here we
load the copy of libespeak-ng that the ``espeakng-loader`` package ships (with
its voice data), synthesize in *synchronous* mode — the library hands every
chunk of samples to a callback before ``espeak_Synth`` returns — and keep the
samples. The library is a process-wide singleton and not thread-safe, so one
``EspeakRenderer`` must be owned by one thread (the self-voicing worker).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
import wave
from pathlib import Path

# Values from espeak-ng's speak_lib.h.
_AUDIO_OUTPUT_SYNCHRONOUS = 2
_INITIALIZE_DONT_EXIT = 0x8000  # return an error instead of exiting the process
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_PARAM_RATE = 1
_PARAM_VOLUME = 2
_EE_OK = 0

MIN_RATE = 80
MAX_RATE = 450

_Callback = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p
)

# One library per process: a second ``espeak_Initialize`` would reset the first.
_lock = threading.Lock()
_owner: EspeakRenderer | None = None


class EspeakError(RuntimeError):
    pass


def _locate() -> tuple[str, bytes | None]:
    """The library and the folder holding ``espeak-ng-data`` (None: its built-in default).

    The copy shipped by espeakng-loader comes first; a system install is the fallback.
    """
    try:
        import espeakng_loader
    except ImportError:
        found = ctypes.util.find_library("espeak-ng")
        if found is None:
            raise EspeakError("neither espeakng-loader nor a system eSpeak NG") from None
        return found, None
    data = Path(espeakng_loader.get_data_path())
    return espeakng_loader.get_library_path(), _native_path(data.parent)


def _native_path(folder: Path) -> bytes:
    """The folder as the library's C file calls want it.

    On Windows they take the ANSI code page, not UTF-8: a game unzipped under
    "Giochi già provati" or a user named "Zoë" would leave eSpeak without its data.
    A name the code page cannot hold goes by its short (8.3) form, which is ASCII.
    """
    if sys.platform != "win32":
        return os.fsencode(folder)
    try:
        return str(folder).encode("mbcs")
    except UnicodeEncodeError:
        pass
    short = ctypes.create_unicode_buffer(32768)
    if ctypes.WinDLL("kernel32").GetShortPathNameW(str(folder), short, len(short)):
        try:
            return short.value.encode("mbcs")
        except UnicodeEncodeError:
            pass
    raise EspeakError(f"the folder of eSpeak's data cannot be named to it: {folder}")


def _load() -> tuple[ctypes.CDLL, bytes | None]:
    path, data = _locate()
    lib = ctypes.CDLL(path)
    lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    lib.espeak_SetSynthCallback.argtypes = [_Callback]
    lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
    lib.espeak_Synth.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.c_uint,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_uint,
        ctypes.c_void_p,
        ctypes.c_void_p,
    ]
    return lib, data


class EspeakRenderer:
    """Renders text to 16-bit mono PCM with eSpeak NG (one instance per process)."""

    name = "espeak-ng"

    def __init__(self) -> None:
        global _owner
        with _lock:
            if _owner is not None:
                raise EspeakError("eSpeak NG is already owned by another renderer")
            self._lib, data = _load()
            rate = self._lib.espeak_Initialize(
                _AUDIO_OUTPUT_SYNCHRONOUS, 200, data, _INITIALIZE_DONT_EXIT
            )
            if rate <= 0:
                raise EspeakError("eSpeak NG did not initialise")
            _owner = self
        self.sample_rate: int = rate
        self._chunks: list[bytes] = []
        self._cancel = threading.Event()
        # Kept on the instance: ctypes must not let the callback be collected.
        self._callback = _Callback(self._on_samples)
        self._lib.espeak_SetSynthCallback(self._callback)
        self._lang = ""

    def _on_samples(self, wav: ctypes._Pointer[ctypes.c_short], count: int, _events: int) -> int:
        if count > 0 and wav:
            self._chunks.append(ctypes.string_at(wav, count * 2))
        return 1 if self._cancel.is_set() else 0  # 1 tells eSpeak to stop

    def set_language(self, lang: str) -> None:
        if lang == self._lang:
            return
        if self._lib.espeak_SetVoiceByName(lang.encode()) != _EE_OK:
            raise EspeakError(f"eSpeak NG has no voice for {lang!r}")
        self._lang = lang

    def set_rate(self, wpm: int) -> None:
        self._lib.espeak_SetParameter(_PARAM_RATE, max(MIN_RATE, min(MAX_RATE, wpm)), 0)

    def set_volume(self, volume: float) -> None:
        """0.0–2.0 where 1.0 is eSpeak's normal loudness."""
        self._lib.espeak_SetParameter(_PARAM_VOLUME, round(max(0.0, min(2.0, volume)) * 100), 0)

    def cancel(self) -> None:
        """Abort the synthesis in progress (safe from another thread)."""
        self._cancel.set()

    def synth(self, text: str) -> bytes:
        """The PCM samples for ``text`` (empty when cancelled)."""
        self._cancel.clear()
        self._chunks = []
        raw = text.encode("utf-8") + b"\0"
        err = self._lib.espeak_Synth(raw, len(raw), 0, _POS_CHARACTER, 0, _CHARS_UTF8, None, None)
        if err != _EE_OK:
            raise EspeakError(f"espeak_Synth failed ({err})")
        return b"" if self._cancel.is_set() else b"".join(self._chunks)

    def render(self, text: str, path: str) -> bool:
        """Write ``text`` as a WAV file; False when it was cancelled or silent."""
        pcm = self.synth(text)
        if not pcm:
            return False
        write_wav(path, pcm, self.sample_rate)
        return True

    def close(self) -> None:
        global _owner
        with _lock:
            if _owner is self:
                self._lib.espeak_Terminate()
                _owner = None


def write_wav(path: str, pcm: bytes, sample_rate: int, channels: int = 1) -> None:
    with open(path, "wb") as file, wave.open(file, "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(pcm)
