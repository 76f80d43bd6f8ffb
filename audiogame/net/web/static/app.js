// audiogame's web page. It forwards keys and shows words: every sentence, every rule and
// every key's meaning come from the server, which narrates for this page's seat in its
// language. Here: the socket, the live regions and the history, the cues (Web Audio),
// focus, and the forms. No framework, no build step.
"use strict";

(() => {
  const PROTOCOL = "audiogame.web.v1";
  const HISTORY_LIMIT = 500; // as the desktop's history
  const BOARD_LINES = 12; // the desktop window shows the last 12 messages
  const SAID_KEPT = 3; // nodes kept in each live region
  const KEY_IGNORED = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock",
    "NumLock", "Dead", "Unidentified", "Process", "OS"]);
  // keys left to the browser even inside the game's area: moving out, reloading, full screen
  const BROWSER_KEYS = new Set(["Tab", "F5", "F11", "F12"]);

  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("page-data").textContent);
  let strings = data.strings;
  let lang = data.lang;
  const state = {
    ws: null, token: sessionStorage.getItem("audiogame.token"), name: "", table: "",
    code: "", watch: false, retry: 0, closedByServer: false, upto: 0, match: 0,
    atTable: false, record: null,
  };

  // -- words of the page itself ---------------------------------------------------------
  function applyStrings() {
    document.documentElement.lang = lang;
    document.title = strings["web-ui-title"];
    for (const el of document.querySelectorAll("[data-text]")) {
      const text = strings[el.dataset.text];
      if (text !== undefined) el.textContent = text;
    }
    for (const el of document.querySelectorAll("[data-label]")) {
      el.setAttribute("aria-label", strings[el.dataset.label]);
    }
    $("title").textContent = strings["web-ui-title"];
    buildVerbosity();
  }

  function buildVerbosity() {
    const box = $("verbosity");
    const saved = JSON.parse(localStorage.getItem("audiogame.verbosity") || "{}");
    for (const old of box.querySelectorAll("p")) old.remove();
    for (const [kind, label] of data.kinds) {
      const p = document.createElement("p");
      const l = document.createElement("label");
      const s = document.createElement("select");
      s.id = `verbosity-${kind}`;
      l.htmlFor = s.id;
      l.textContent = strings[label];
      for (const level of data.levels) {
        const o = document.createElement("option");
        o.value = level;
        o.textContent = strings[`verbosity-${level}`];
        s.append(o);
      }
      s.value = saved[kind] || "speak";
      s.addEventListener("change", () => {
        saved[kind] = s.value;
        localStorage.setItem("audiogame.verbosity", JSON.stringify(saved));
        listen();
      });
      p.append(l, " ", s);
      box.append(p);
    }
  }

  function verbosity() {
    return JSON.parse(localStorage.getItem("audiogame.verbosity") || "{}");
  }

  async function setLanguage(wanted) {
    const answer = await fetch(`/strings/${wanted}.json`);
    if (!answer.ok) return;
    const fresh = await answer.json();
    strings = fresh.strings;
    lang = wanted;
    localStorage.setItem("audiogame.lang", lang);
    applyStrings();
    listen();
  }

  function setStatus(id) {
    $("status").textContent = strings[id];
  }

  // -- the socket -----------------------------------------------------------------------
  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) {
      state.ws.send(JSON.stringify(message));
    }
  }

  function listen() {
    send({ type: "listen", lang, verbosity: verbosity() });
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/`, [PROTOCOL]);
    state.ws = ws;
    setStatus("web-ui-status-connecting");
    ws.addEventListener("open", () => {
      state.retry = 0;
      const hello = { type: "hello", name: state.name, lang };
      if (state.token) {
        Object.assign(hello, { token: state.token, table: state.table, upto: state.upto,
          match: state.match });
      }
      ws.send(JSON.stringify(hello));
      listen();
    });
    ws.addEventListener("message", (event) => take(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      state.ws = null;
      if (state.closedByServer) {
        setStatus("web-ui-status-closed");
        return;
      }
      setStatus("web-ui-status-lost");
      state.retry += 1;
      const delay = Math.min(8000, 500 * 2 ** Math.min(state.retry - 1, 4));
      setTimeout(connect, delay * (0.8 + 0.4 * Math.random()));
    });
  }

  // -- what the server sends ------------------------------------------------------------
  const takers = {
    welcome(m) {
      state.token = m.token;
      sessionStorage.setItem("audiogame.token", m.token);
      setStatus("web-ui-status-connected");
      if (!state.atTable && !state.table) {
        if (state.code) send({ type: "join-table", code: state.code, spectator: state.watch });
        else send({ type: "list-tables" });
      }
    },
    out(m) {
      for (const cue of m.cues) sound.play(cue.cue, cue.pan, cue.volume);
      for (const line of m.lines) addLine(line);
      for (const said of m.speech) speak(said.text, said.interrupt);
      if (m.volume !== null && m.volume !== undefined) {
        sound.setVolume(m.volume);
        $("volume").value = Math.round(m.volume * 100);
      }
    },
    "at-table"(m) {
      const first = !state.atTable;
      state.atTable = true;
      state.table = m.id;
      state.match = m.match;
      showOnly("table");
      $("table-heading").textContent = `${m.title} — ${m.code_words}`;
      $("table-status").textContent = m.status;
      const link = `${location.origin}/t/${m.code}`;
      $("invite").value = link;
      $("rules").href = `/guide/${m.game}.${lang}.txt`;
      fillList($("seats"), m.seats);
      sound.preload(m.cues);
      if (first) $("play").focus();
    },
    lobby(m) {
      state.atTable = false;
      showOnly("lobby");
      const list = $("tables");
      list.replaceChildren();
      if (!m.tables.length) {
        const li = document.createElement("li");
        li.textContent = strings["web-ui-tables-none"];
        list.append(li);
      }
      for (const table of m.tables) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = table.text;
        b.addEventListener("click", () => send({ type: "join-table", table: table.id }));
        li.append(b);
        list.append(li);
      }
      const game = $("game");
      game.replaceChildren();
      for (const g of m.games) {
        const o = document.createElement("option");
        o.value = g.id;
        o.textContent = g.text;
        game.append(o);
      }
    },
    left() {
      showBoard([]);
      state.atTable = false;
      state.table = "";
      state.code = "";
      history.replaceState(null, "", "/");
      send({ type: "list-tables" });
    },
    "match-over"(m) {
      const blob = new Blob([JSON.stringify(m)], { type: "application/json" });
      const link = $("record");
      if (state.record) URL.revokeObjectURL(state.record);
      state.record = URL.createObjectURL(blob);
      link.href = state.record;
      link.download = `match-${m.seed_hash.slice(0, 8)}.json`;
      link.hidden = false;
    },
    goodbye() {
      state.closedByServer = true;
    },
    board(m) {
      showBoard(m.lines);
    },
    pong() {},
  };

  function take(message) {
    if (message.type === "out" && typeof message.upto === "number") state.upto = message.upto;
    const taker = takers[message.type];
    if (taker) taker(message);
  }

  function showOnly(section) {
    for (const id of ["join", "lobby", "table"]) $(id).hidden = id !== section;
  }

  function fillList(list, items) {
    list.replaceChildren(...items.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
  }

  // -- words: the live regions, the history, the board ----------------------------------
  function speak(text, interrupt) {
    const region = $(interrupt ? "said-now" : "said-polite");
    const p = document.createElement("p");
    p.textContent = text;
    region.append(p);
    while (region.childElementCount > SAID_KEPT) region.firstElementChild.remove();
  }

  function addLine(line) {
    const list = $("history");
    const li = document.createElement("li");
    li.textContent = line.text;
    li.dataset.kind = line.kind;
    li.dataset.id = line.id;
    li.dataset.answer = String(line.answer);
    list.append(li);
    while (list.childElementCount > HISTORY_LIMIT) list.firstElementChild.remove();
    const board = $("board");
    const shown = document.createElement("li");
    shown.textContent = line.text;
    board.append(shown);
    while (board.childElementCount > BOARD_LINES) board.firstElementChild.remove();
  }

  // The game's board, as the desktop window draws it above the messages. Hidden from
  // screen readers like the messages under it: its facts are the answers to the game's
  // keys (H, C, E...) and are in the history; a second copy read aloud would be noise.
  function showBoard(lines) {
    const shown = $("table-board");
    shown.replaceChildren(...lines.map((runs) => {
      const p = document.createElement("p");
      for (const run of runs) {
        const piece = document.createElement(run.style === "mark" ? "mark" : "span");
        piece.className = run.style;
        piece.textContent = run.text;
        p.append(piece, " ");
      }
      if (runs.length && runs[0].style === "title") p.className = "title";
      return p;
    }));
  }

  // -- sound: the game's cues through the Web Audio API, panned as on the desktop -------
  const sound = {
    context: null, gain: null, buffers: new Map(), volume: 1, log: [],
    start() {
      if (this.context) {
        if (this.context.state === "suspended") this.context.resume();
        return;
      }
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      this.context = new Context();
      this.gain = this.context.createGain();
      this.gain.gain.value = this.volume;
      this.gain.connect(this.context.destination);
    },
    load(cue) {
      if (!this.buffers.has(cue)) {
        this.buffers.set(cue, fetch(`/sounds/${cue}.wav`)
          .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(cue))))
          .then((bytes) => (this.context ? this.context.decodeAudioData(bytes) : null))
          .catch(() => null));
      }
      return this.buffers.get(cue);
    },
    preload(cues) {
      if (this.context) for (const cue of cues || []) this.load(cue);
    },
    async play(cue, pan, volume) {
      this.log.push([cue, pan]);
      if (this.log.length > 200) this.log.shift();
      if (!this.context) return;
      const buffer = await this.load(cue);
      if (!buffer) return;
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      // the desktop's mixer pans mono cues with equal power, as a StereoPannerNode does
      const panner = this.context.createStereoPanner();
      panner.pan.value = pan;
      const level = this.context.createGain();
      level.gain.value = volume;
      source.connect(level).connect(panner).connect(this.gain);
      source.start();
    },
    setVolume(value) {
      this.volume = value;
      if (this.gain) this.gain.gain.value = value;
    },
  };

  // -- the game's area: keys go to the server ------------------------------------------
  function onKey(event) {
    if (KEY_IGNORED.has(event.key) || event.isComposing) return;
    if (event.key === "Escape") {
      event.preventDefault();
      $("back").focus(); // out of the game's keys, to the table's controls
      return;
    }
    if (BROWSER_KEYS.has(event.key) || event.metaKey) return;
    if (!event.ctrlKey && !event.altKey) event.preventDefault();
    else if (event.key === "F1" || /^Digit[1-8]$/.test(event.code)) event.preventDefault();
    if (event.repeat) return; // as the desktop: a key held down is one press
    sound.start();
    send({ type: "key", key: event.key, code: event.code, shift: event.shiftKey,
      ctrl: event.ctrlKey, alt: event.altKey });
  }

  // -- the page's controls ----------------------------------------------------------------
  function codeFromPath() {
    const found = /^\/t\/([0-9-]+)$/.exec(location.pathname);
    return found ? found[1] : "";
  }

  function init() {
    const savedLang = localStorage.getItem("audiogame.lang");
    $("language").value = lang;
    applyStrings();
    if (savedLang && savedLang !== lang) setLanguage(savedLang).then(() => { $("language").value = lang; });
    $("code").value = codeFromPath();
    $("name").value = localStorage.getItem("audiogame.name") || "";
    $("status").textContent = "";
    const large = localStorage.getItem("audiogame.large") === "1";
    $("large-print").checked = large;
    document.body.classList.toggle("large", large);

    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      sound.start();
      state.name = $("name").value.trim();
      state.code = $("code").value.trim();
      state.watch = $("watch").checked;
      localStorage.setItem("audiogame.name", state.name);
      if (state.ws) {
        if (state.code) send({ type: "join-table", code: state.code, spectator: state.watch });
        else send({ type: "list-tables" });
      } else {
        connect();
      }
      if (!state.code) setStatus("web-ui-status-no-code");
    });
    $("create-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const seats = Number($("players").value);
      send({ type: "create-table", game: $("game").value, config: { seats } });
    });
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("chat").value;
      if (text.trim()) send({ type: "say", text });
      $("chat").value = "";
    });
    $("play").addEventListener("keydown", onKey);
    $("back").addEventListener("click", () => $("play").focus());
    $("keys").addEventListener("click", () => {
      send({ type: "key", key: "F1", code: "F1" });
      $("play").focus();
    });
    $("leave").addEventListener("click", () => send({ type: "leave-table" }));
    $("language").addEventListener("change", () => setLanguage($("language").value));
    $("large-print").addEventListener("change", () => {
      const on = $("large-print").checked;
      localStorage.setItem("audiogame.large", on ? "1" : "0");
      document.body.classList.toggle("large", on);
    });
    $("volume").addEventListener("input", () => sound.setVolume($("volume").value / 100));
    $("skip").addEventListener("click", (event) => {
      if (state.atTable) {
        event.preventDefault();
        $("play").focus();
      }
    });
    window.audiogame = { state, sound }; // for the curious (and the end-to-end tests)
  }

  init();
})();
