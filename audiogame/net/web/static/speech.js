// The page's one announcer: everything the page says goes through it, in order.
//
// Two voices, one queue. By default the words go to one live region, read by the
// player's own screen reader (NVDA, JAWS, VoiceOver, TalkBack, Orca). Some screen readers
// (VoiceOver on iOS and macOS) let the newest words cut the ones still being said, so the
// page can instead speak with the browser's own voice (the Web Speech API), which tells
// when it has finished: then nothing is ever cut.
//
// The rules, whichever voice speaks:
// - words from the table (others' moves, notices) are queued: said in order, each whole,
//   none cut by another; words that arrive while the voice is busy are said together
//   next, as the game speaks one batch as one utterance;
// - an answer to the player's own key or tap (`now`) is said at once, as in the game: it
//   cuts what is being said (a table message it cut is said again after it, when the
//   browser's voice can tell it was cut); what was waiting is said after it;
// - a race's happening (`timed`: dice landing, "go!") is said at its moment on the server's
//   clock: it cuts a table message (said again after it, as above); the browser's voice
//   finishes an answer or another happening first, a live region never waits;
// - Control (or the "skip" button) stops what is said and drops what waits, as the game's
//   Control: a fast player is not kept behind a minute of others' moves;
// - a message said again is heard again, even when its words are the same.
// A live region cannot tell when the screen reader has finished: the queue waits for
// the time the words take at a screen reader's ordinary pace.
"use strict";

const KEPT = 3; // nodes kept in the live region
const CHARS_PER_SECOND = 15; // a screen reader's ordinary pace, a little on the slow side
const PAUSE = 0.25; // seconds around each message
const CHUNK = 180; // the longest piece handed to the browser's voice (Chrome stops long ones)
const SETTINGS = "audiogame.voice";
const LOG_KEPT = 2000;

// how long a screen reader takes to say `text`, in ms
export function speakingTime(text) {
  return (PAUSE + text.length / CHARS_PER_SECOND) * 1000;
}

// long words in pieces at sentence ends (then commas, then spaces), none over CHUNK
export function pieces(text) {
  const found = [];
  let rest = text.trim();
  while (rest.length > CHUNK) {
    const head = rest.slice(0, CHUNK);
    let cut = Math.max(head.lastIndexOf(". "), head.lastIndexOf("! "), head.lastIndexOf("? "),
      head.lastIndexOf(": "), head.lastIndexOf("; "));
    if (cut < CHUNK / 3) cut = head.lastIndexOf(", ");
    if (cut < CHUNK / 3) cut = head.lastIndexOf(" ");
    if (cut <= 0) cut = CHUNK - 1;
    found.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) found.push(rest);
  return found;
}

// The player's choices for the browser's voice, kept in this browser.
export function loadVoiceSettings() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS) || "{}") || {};
  } catch (error) {
    saved = {};
  }
  return {
    on: saved.on === true,
    voices: typeof saved.voices === "object" && saved.voices ? saved.voices : {},
    rate: Number.isFinite(saved.rate) ? saved.rate : 1,
    pitch: Number.isFinite(saved.pitch) ? saved.pitch : 1,
  };
}

export function saveVoiceSettings(settings) {
  localStorage.setItem(SETTINGS, JSON.stringify(settings));
}

// The voices this browser has for a language ("it", "en"): its own first.
export function voicesFor(lang) {
  if (!window.speechSynthesis) return [];
  return speechSynthesis.getVoices()
    .filter((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === lang)
    .sort((a, b) => Number(b.localService) - Number(a.localService));
}

export class Announcer {
  // `region`: the live region; `lang()`: the page's language now
  constructor(region, lang) {
    this.region = region;
    this.lang = lang;
    this.settings = loadVoiceSettings();
    this.queue = []; // {text, now}
    this.current = null; // {text, now, until, utterance}
    this.timer = null;
    this.last = "";
    this.flip = false;
    // what was said, how and when (performance.now()): the tests and the benchmark read it
    this.log = [];
  }

  get voiceOn() {
    return this.settings.on && Boolean(window.speechSynthesis);
  }

  // words to say: `now` for an answer to the player's own key or tap, `timed` for a race's
  // happening said at its moment
  say(text, now = false, timed = false) {
    if (!text) return;
    const item = { text, now, timed: timed && !now, queued: performance.now() };
    if (now) {
      this.queue = this.queue.filter((waiting) => !waiting.now); // a newer answer replaces
      this.queue.unshift(item);
      this.cut(1);
    } else if (item.timed) {
      let at = 0;
      while (at < this.queue.length && (this.queue[at].now || this.queue[at].timed)) at++;
      this.queue.splice(at, 0, item);
      const busy = this.current;
      // a live region never holds a happening back: the screen reader has it at its moment
      if (busy && (!this.voiceOn || (!busy.now && !busy.timed))) this.cut(at + 1);
    } else {
      this.queue.push(item);
    }
    this.next();
  }

  // stop what is being said; a table message the browser's voice had not finished goes
  // back in the queue at `at` (after the answer that cut it)
  cut(at) {
    const cut = this.current;
    if (cut === null) return;
    this.current = null;
    clearTimeout(this.timer);
    if (cut.utterance) {
      cut.cut = true;
      if (!cut.now && !cut.ended) this.queue.splice(at, 0, { ...cut, utterance: null, cut: false });
      speechSynthesis.cancel();
    }
  }

  // Control, or the page's "skip" button: what is being said stops and what waits is
  // dropped (the history keeps it), as the desktop's Control; nothing is said again
  silence() {
    const item = this.current;
    const dropped = this.queue.length;
    this.queue = [];
    this.current = null;
    clearTimeout(this.timer);
    if (item && item.utterance) {
      item.cut = true;
      speechSynthesis.cancel();
    }
    if (item) this.record("silenced", item, this.voiceOn ? "voice" : "region");
    return dropped + (item ? 1 : 0);
  }

  next() {
    if (this.current !== null || !this.queue.length) return;
    let item = this.queue.shift();
    if (!item.now) { // what waited is said together, as one batch
      const joined = [item.text];
      const alike = (other) => !other.now && other.timed === item.timed;
      while (this.queue.length && alike(this.queue[0])) joined.push(this.queue.shift().text);
      item = { ...item, text: joined.join(" ") };
    }
    this.current = item;
    if (this.voiceOn) this.speakAloud(item);
    else this.showInRegion(item);
  }

  done(item) {
    if (this.current !== item) return;
    this.current = null;
    this.next();
  }

  record(kind, item, via) {
    this.log.push({ kind, text: item.text, now: item.now, timed: item.timed, via,
      at: performance.now() });
    if (this.log.length > LOG_KEPT) this.log.shift();
  }

  // -- the screen reader: one live region ---------------------------------------------
  showInRegion(item) {
    let text = item.text;
    // the same words twice in a row: a no-break space tells the screen reader it is new
    if (text === this.last) {
      this.flip = !this.flip;
      if (this.flip) text += "\u00a0";
    } else {
      this.flip = false;
    }
    this.last = item.text;
    const p = document.createElement("p");
    p.textContent = text;
    this.region.append(p);
    while (this.region.childElementCount > KEPT) this.region.firstElementChild.remove();
    this.record("said", item, "region");
    this.timer = setTimeout(() => this.done(item), speakingTime(item.text));
  }

  // -- the browser's own voice ------------------------------------------------------------
  chosenVoice() {
    const lang = this.lang();
    const wanted = this.settings.voices[lang];
    const voices = voicesFor(lang);
    return voices.find((voice) => voice.voiceURI === wanted) || voices[0] || null;
  }

  speakAloud(item) {
    const parts = pieces(item.text);
    const voice = this.chosenVoice();
    this.record("said", item, "voice");
    parts.forEach((part, index) => {
      const utterance = new SpeechSynthesisUtterance(part);
      utterance.lang = voice ? voice.lang : this.lang();
      if (voice) utterance.voice = voice;
      utterance.rate = this.settings.rate;
      utterance.pitch = this.settings.pitch;
      const last = index === parts.length - 1;
      utterance.addEventListener("end", () => {
        if (!last) return;
        item.ended = true;
        this.record("ended", item, "voice");
        this.done(item);
      });
      utterance.addEventListener("error", (event) => {
        if (item.cut || item.failed) return; // cut on purpose: already handled
        item.failed = true;
        // the voice cannot speak (none for this language, not allowed yet): the screen
        // reader says it instead, so it is never lost
        this.record(`failed ${event.error}`, item, "voice");
        speechSynthesis.cancel();
        this.current = null;
        this.showInRegion(item);
        this.current = item;
      });
      item.utterance = utterance;
      speechSynthesis.speak(utterance);
    });
  }

  // the first tap or key lets the browser's voice speak (iOS allows it only then)
  unlock() {
    if (this.unlocked || !window.speechSynthesis) return;
    this.unlocked = true;
    if (this.voiceOn && this.current === null) speechSynthesis.speak(new SpeechSynthesisUtterance(""));
  }

  setVoice(changes) {
    Object.assign(this.settings, changes);
    saveVoiceSettings(this.settings);
    if (!this.voiceOn && this.current && this.current.utterance) {
      this.cut(0); // switched to the screen reader mid-sentence: it says it again
      this.next();
    }
  }
}
