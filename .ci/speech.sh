#!/usr/bin/env bash
# Debian's speech-dispatcher and BRLTTY for the tests of the player's own screen reader
# and braille line (tests/test_speech_dispatcher.py, tests/test_braille_line.py,
# tests/test_speech_app.py). Sourced by .ci/run; by hand:
#
#     source .ci/speech.sh && speech_install
#
# Only installed here: each test starts daemons of its own (its own socket, configuration,
# BrlAPI port and folder, see audiogame/devtools/speechd.py and brltty.py), so tests in
# parallel never share one and nothing is left running. Where installing is impossible
# the tests skip, saying why; SPEECH_INSTALL_NOTE tells what failed.

speech_install() {
    SPEECH_INSTALL_NOTE=""
    local missing=()
    command -v speech-dispatcher >/dev/null 2>&1 || missing+=(speech-dispatcher)
    command -v brltty >/dev/null 2>&1 || [ -x /usr/sbin/brltty ] || missing+=(brltty)
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        SPEECH_INSTALL_NOTE="cannot install ${missing[*]}: not root, or no apt-get"
        return 0
    fi
    local log
    log=$(mktemp /tmp/audiogame-speech-apt.XXXXXX)
    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends "${missing[@]}") >"$log" 2>&1 \
        || SPEECH_INSTALL_NOTE="apt-get could not install ${missing[*]} (see $log)"
}
