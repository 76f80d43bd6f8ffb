// audiogame's web page. It forwards keys and taps and shows words: every sentence, every
// rule and every key's meaning come from the server, which narrates for this page's seat
// in its language. Here: the socket, the history, the cues (Web Audio), focus, and the
// forms; speech.js says the words (the live region, or the browser's voice). No framework,
// no build step: the browser loads these modules as they are.
import { Announcer, voicesFor } from "/speech.js";

(() => {
  const PROTOCOL = "audiogame.web.v1";
  const HISTORY_LIMIT = 500; // as the desktop's history
  const BOARD_LINES = 12; // the desktop window shows the last 12 messages
  const KEY_IGNORED = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock",
    "NumLock", "Dead", "Unidentified", "Process", "OS"]);
  // keys left to the browser even inside the game's area: moving out, reloading, full screen
  const BROWSER_KEYS = new Set(["Tab", "F5", "F11", "F12"]);

  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("page-data").textContent);
  let strings = data.strings;
  let lang = data.lang;
  const state = {
    ws: null, token: sessionStorage.getItem("audiogame.token"), name: "",
    code: "", watch: false, retry: 0, closedByServer: false, upto: 0, match: 0,
    atTable: false, record: null, password: "", role: "", person: null, report: 0,
    welcomed: false,
    // my seat's own options as the table last said them, and the table they were brought to
    mine: null, seatOptionsAt: "",
    // the table this tab sits at, kept across a reload (the server seats it again)
    table: sessionStorage.getItem("audiogame.table") || "",
  };
  const announcer = new Announcer($("said"), () => lang);

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

  // an object this page kept in the browser's storage; whatever else is there (another
  // version's, a hand edit, a damaged value) counts as nothing kept, never a broken page
  function keptObject(key) {
    try {
      const kept = JSON.parse(localStorage.getItem(key) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      return {};
    }
  }

  function buildVerbosity() {
    const box = $("verbosity");
    const saved = keptObject("audiogame.verbosity");
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
    return keptObject("audiogame.verbosity");
  }

  async function setLanguage(wanted) {
    const answer = await fetch(`/strings/${wanted}.json`);
    if (!answer.ok) return;
    const fresh = await answer.json();
    strings = fresh.strings;
    lang = wanted;
    data.reasons = fresh.reasons;
    data.actions = fresh.actions;
    fillChoices($("report-reason"), data.reasons);
    fillChoices($("moderate-reason"), data.reasons);
    fillChoices($("moderate-action"), data.actions);
    localStorage.setItem("audiogame.lang", lang);
    applyStrings();
    if (window.speechSynthesis) fillVoices();
    listen();
    if (state.role !== undefined && state.token) send({ type: "people", watch: true });
  }

  // the connection's state, shown; said (by the one announcer) when it needs the player
  const STATUS_SAID = new Set(["web-ui-status-lost", "web-ui-status-closed",
    "web-ui-status-no-code"]);
  function setStatus(id) {
    $("status").textContent = strings[id];
    if (STATUS_SAID.has(id)) announcer.say(strings[id]);
  }

  // -- the server's clock, estimated from pings (as the desktop client does) -------------
  // A ping leaves at page time `sent`, the server stamps its pong with its own clock, the
  // pong arrives at `received`: the offset (server = page + offset) lies within
  // [server - received, server - sent]. Every sample is such an interval; the estimate
  // is the middle of where the newest samples meet, taken back as long as they do, so
  // the pings with the shortest ways out and back pin it, and a slow one only widens
  // its own interval. Page time is performance.now() in seconds.
  const CLOCK_WINDOW = 128; // samples kept (half a minute of them)
  const CLOCK_MAX_AGE = 120; // seconds
  const CLOCK_BURST = 12; // pings on connecting, so the first estimate is good at once
  const CLOCK_BURST_GAP = 40; // ms
  const CLOCK_EVERY = 250; // ms: then one ping this often, for as long as the socket lasts
  const CLOCK_REPORT_EVERY = 1000; // ms: the estimate told to the server (its F9 says it)
  const clock = {
    samples: [], estimate: null, sent: new Map(), nextId: 1, timer: null, reported: 0,
    now() {
      return performance.now() / 1000;
    },
    ping() {
      const id = this.nextId++;
      this.sent.set(id, this.now());
      if (this.sent.size > 64) this.sent.delete(this.sent.keys().next().value);
      send({ type: "ping", id });
    },
    start() {
      this.stop();
      for (let i = 0; i < CLOCK_BURST; i++) setTimeout(() => this.ping(), i * CLOCK_BURST_GAP);
      this.timer = setInterval(() => this.ping(), CLOCK_EVERY);
    },
    stop() {
      if (this.timer !== null) clearInterval(this.timer);
      this.timer = null;
      this.sent.clear();
    },
    pong(m) {
      const sent = this.sent.get(m.id);
      if (sent === undefined) return;
      this.sent.delete(m.id);
      this.add(sent, m.time, this.now());
    },
    add(sent, server, received) {
      if (!(received >= sent)) return;
      const samples = this.samples;
      samples.push({ sent, server, received });
      while (samples.length > CLOCK_WINDOW
        || (samples.length && received - samples[0].received > CLOCK_MAX_AGE)) samples.shift();
      let lower = -Infinity;
      let upper = Infinity;
      for (let i = samples.length - 1; i >= 0; i--) {
        const low = Math.max(lower, samples[i].server - samples[i].received);
        const high = Math.min(upper, samples[i].server - samples[i].sent);
        if (low > high) break;
        lower = low;
        upper = high;
      }
      const rtts = samples.map((s) => s.received - s.sent).sort((a, b) => a - b);
      const mid = rtts.length >> 1;
      const median = rtts.length % 2 ? rtts[mid] : (rtts[mid - 1] + rtts[mid]) / 2;
      this.estimate = { offset: (lower + upper) / 2, error: (upper - lower) / 2,
        rtt: median, samples: samples.length };
      const wall = performance.now();
      if (wall - this.reported >= CLOCK_REPORT_EVERY) {
        this.reported = wall;
        send({ type: "clock", ...this.estimate });
      }
    },
    // a server time as page time in ms (performance.now()'s timeline); null: not known yet
    local(serverTime) {
      return this.estimate ? (serverTime - this.estimate.offset) * 1000 : null;
    },
    server(pageMs) {
      return this.estimate ? pageMs / 1000 + this.estimate.offset : null;
    },
  };

  // -- a race's happenings, narrated ahead by the server, said and played at their time --
  const TIMED_KEPT = 1000; // keys remembered as played
  const timed = { pending: new Map(), played: new Set(), log: [] };

  function plan(m) {
    for (const key of m.drop) cancelTimed(key);
    for (const item of m.items) {
      if (timed.played.has(item.key)) continue;
      cancelTimed(item.key);
      scheduleTimed(item);
    }
  }

  function cancelTimed(key) {
    const entry = timed.pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    for (const handle of entry.sounds) sound.cancel(handle);
    timed.pending.delete(key);
  }

  function scheduleTimed(item) {
    const now = performance.now();
    const aimed = clock.local(item.at) ?? now;
    const entry = { item, aimed, planned: now, timer: null, sounds: [] };
    // the cues start on the audio clock at that very instant; the words are put in the
    // live region when the page's own clock reaches it
    for (const cue of item.cues) {
      const when = aimed + (cue.delay || 0) * 1000;
      entry.sounds.push(sound.playAt(cue.cue, cue.pan, cue.volume, when));
    }
    entry.timer = setTimeout(() => fireTimed(entry), Math.max(0, aimed - now));
    timed.pending.set(item.key, entry);
  }

  function fireTimed(entry) {
    const fired = performance.now();
    const { item } = entry;
    timed.pending.delete(item.key);
    timed.played.add(item.key);
    if (timed.played.size > TIMED_KEPT) timed.played.delete(timed.played.values().next().value);
    for (const cue of item.cues) sound.logged(cue.cue, cue.pan);
    for (const line of item.lines) addLine(line);
    for (const said of item.speech) announcer.say(said.text, said.interrupt, true);
    timed.log.push({ key: item.key, at: item.at, aimed: entry.aimed, planned: entry.planned, fired,
      audio: entry.sounds.map((h) => h.aimedAt) });
    if (timed.log.length > 2000) timed.log.shift();
  }

  // -- my seat's own options (Tira's controls) ------------------------------------------
  // the last choice this browser made (M or its button, confirmed by the table) goes with
  // me to the next table I sit at, as the desktop's own setup does
  const SEAT_OPTIONS = "audiogame.seat-options";
  function seatOptions() {
    return keptObject(SEAT_OPTIONS);
  }

  function bringSeatOptions(m) {
    if (m.watching || m.stage !== "waiting" || state.seatOptionsAt === m.id) return;
    state.seatOptionsAt = m.id;
    const mine = seatOptions()[m.game];
    if (!mine || typeof mine !== "object") return;
    for (const [option, value] of Object.entries(mine)) {
      if (option in m.mine && m.mine[option] !== value) {
        send({ type: "set-seat-option", option, value });
      }
    }
  }

  function keepSeatOptions() {
    if (!state.mine) return;
    const saved = seatOptions();
    saved[state.mine.game] = state.mine.options;
    localStorage.setItem(SEAT_OPTIONS, JSON.stringify(saved));
  }

  // -- the socket -----------------------------------------------------------------------
  // nothing but the introduction until the server has welcomed this page: anything else
  // would only be refused ("introduce yourself first") and counted against it
  const INTRODUCTIONS = new Set(["hello", "login", "register"]);
  // what the player does, by key or by button: while the line is down it is not sent (it
  // would be stale once back) and the player hears so, not silence
  const PLAYERS_OWN = new Set(["key", "command"]);
  function send(message) {
    const open = state.ws && state.ws.readyState === WebSocket.OPEN;
    if (!open || (!state.welcomed && !INTRODUCTIONS.has(message.type))) {
      if (PLAYERS_OWN.has(message.type)) announcer.say(strings["web-ui-not-sent"], true);
      return;
    }
    state.ws.send(JSON.stringify(message));
  }

  function hello() {
    let greeting = { type: "hello", name: state.name, lang };
    if (state.password && !state.token) { // a player with an account logs in once
      greeting = { type: "login", name: state.name, password: state.password, lang };
      state.password = "";
    } else if (state.token) {
      Object.assign(greeting, { token: state.token, table: state.table, upto: state.upto,
        match: state.match });
    }
    send(greeting);
  }

  function listen() {
    send({ type: "listen", lang, verbosity: verbosity() });
  }

  function connect() {
    state.closedByServer = false;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/`, [PROTOCOL]);
    state.ws = ws;
    setStatus("web-ui-status-connecting");
    ws.addEventListener("open", () => {
      state.retry = 0;
      hello();
    });
    ws.addEventListener("message", (event) => take(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      state.ws = null;
      state.welcomed = false;
      clock.stop();
      if (state.closedByServer) {
        // a goodbye retrying cannot help (its words were said): back to the join form,
        // which answers keys and joins again from there
        state.atTable = false;
        setTable("");
        setStatus("web-ui-status-closed");
        showOnly("join");
        $("join-button").focus();
        return;
      }
      setStatus("web-ui-status-lost");
      state.retry += 1;
      const delay = Math.min(8000, 500 * 2 ** Math.min(state.retry - 1, 4));
      setTimeout(connect, delay * (0.8 + 0.4 * Math.random()));
    });
  }

  // -- what the server sends ------------------------------------------------------------
  // goodbyes after which connecting again helps (every other one ends the visit)
  const RETRIED = new Set(["moved", "slow-down"]);
  const takers = {
    welcome(m) {
      state.welcomed = true;
      state.token = m.token;
      sessionStorage.setItem("audiogame.token", m.token);
      setStatus("web-ui-status-connected");
      state.role = m.role || "";
      $("people-section").hidden = false;
      $("mod-section").hidden = !state.role;
      nameProblem("");
      listen();
      clock.start();
      send({ type: "people", watch: true });
      // back at a table (a reload, a dropped line): the server seats this page again and
      // says so; the list of tables is asked all the same, and shown only away from one
      if (state.code && !state.table) {
        send({ type: "join-table", code: state.code, spectator: state.watch });
      } else {
        send({ type: "list-tables" });
      }
    },
    out(m) {
      if (!state.welcomed) { // the introduction was refused: why, by the name field
        const why = m.lines.filter((line) => line.answer).map((line) => line.text).join(" ");
        if (why) nameProblem(why);
      }
      for (const cue of m.cues) {
        if (cue.delay > 0) { // a train of sounds, spaced as the desktop spaces it
          sound.logged(cue.cue, cue.pan);
          sound.playAt(cue.cue, cue.pan, cue.volume, performance.now() + cue.delay * 1000);
        } else {
          sound.play(cue.cue, cue.pan, cue.volume);
        }
      }
      for (const line of m.lines) {
        addLine(line);
        if (line.id === "online-seat-option-mine") keepSeatOptions();
      }
      for (const said of m.speech) announcer.say(said.text, said.interrupt);
      if (m.volume !== null && m.volume !== undefined) {
        sound.setVolume(m.volume);
        $("volume").value = Math.round(m.volume * 100);
      }
    },
    "at-table"(m) {
      const first = !state.atTable;
      state.atTable = true;
      setTable(m.id);
      state.match = m.match;
      showOnly("table");
      $("table-heading").textContent = `${m.title} — ${m.code_words}`;
      $("table-status").textContent = m.status;
      const link = `${location.origin}/t/${m.code}`;
      $("invite").value = link;
      // the address is the table's invite link: a reload, a bookmark, a shared tab all
      // come back to it
      if (location.pathname !== `/t/${m.code}`) history.replaceState(null, "", `/t/${m.code}`);
      $("rules").href = `/guide/${m.game}.${lang}.txt`;
      fillList($("seats"), m.seats);
      sound.preload(m.cues);
      state.mine = { game: m.game, options: m.mine || {} };
      bringSeatOptions(m);
      if (first) $("play").focus();
    },
    lobby(m) {
      const shown = !$("lobby").hidden;
      if (!state.atTable) {
        showOnly("lobby");
        if (!shown) $("lobby-heading").focus();
      }
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
      const chosen = game.value;
      state.games = m.games;
      game.replaceChildren();
      for (const g of m.games) {
        const o = document.createElement("option");
        o.value = g.id;
        o.textContent = g.text;
        game.append(o);
      }
      if (m.games.some((g) => g.id === chosen)) game.value = chosen;
      fillSeats();
    },
    left() {
      state.seatOptionsAt = "";
      showBoard([]);
      showControls([]);
      state.atTable = false;
      setTable("");
      state.code = "";
      history.replaceState(null, "", "/");
      showOnly("lobby");
      $("lobby-heading").focus();
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
    goodbye(m) {
      // the table moved to another process, or this page fell behind: back by itself
      state.closedByServer = !RETRIED.has(m.reason);
    },
    board(m) {
      showBoard(m.lines);
    },
    controls(m) {
      showControls(m.groups);
    },
    pong(m) {
      clock.pong(m);
    },
    plan(m) {
      plan(m);
    },
    people(m) {
      showPeople(m.people);
    },
    reports(m) {
      showReports(m.reports);
    },
    audit(m) {
      fillList($("audit"), m.lines);
    },
  };

  // -- the server's people: a report, a moderator's actions -------------------------------
  function showPeople(people) {
    const list = $("people");
    state.people = people;
    list.replaceChildren();
    if (!people.length) {
      const li = document.createElement("li");
      li.textContent = strings["web-ui-people-none"];
      list.append(li);
    }
    for (const person of people) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = person.text;
      b.addEventListener("click", () => openPerson(person.name, 0));
      li.append(b);
      list.append(li);
    }
  }

  function openPerson(name, report) {
    state.person = name;
    state.report = report;
    const person = (state.people || []).find((p) => p.name === name);
    $("person").hidden = false;
    $("person-heading").textContent = name;
    $("moderate-form").hidden = !state.role;
    const operator = state.role === "operator" && person && person.account;
    const moderator = person && (person.role === "moderator" || person.role === "operator");
    $("make-moderator").hidden = !operator || moderator;
    $("take-role").hidden = !operator || !moderator;
    $("report-reason").focus();
  }

  function showReports(reports) {
    const list = $("reports");
    list.replaceChildren();
    for (const report of reports) {
      const li = document.createElement("li");
      const p = document.createElement("p");
      p.textContent = report.text;
      const lines = document.createElement("ul");
      fillList(lines, report.lines);
      const act = document.createElement("button");
      act.type = "button";
      act.textContent = strings["web-ui-act-on"];
      act.addEventListener("click", () => openPerson(report.reported, report.id));
      const dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.textContent = strings["web-ui-dismiss"];
      dismiss.addEventListener("click", () => {
        send({ type: "moderate", name: report.reported, action: "dismiss", report: report.id });
        li.remove();
      });
      li.append(p, lines, act, " ", dismiss);
      list.append(li);
    }
  }

  function fillChoices(select, choices) {
    select.replaceChildren(...choices.map(([value, label]) => {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = label;
      return o;
    }));
  }

  function take(message) {
    if (message.type === "out" && typeof message.upto === "number") state.upto = message.upto;
    const taker = takers[message.type];
    if (taker) taker(message);
  }

  function setTable(id) {
    state.table = id;
    if (id) sessionStorage.setItem("audiogame.table", id);
    else sessionStorage.removeItem("audiogame.table");
  }

  // the create form offers the seats the chosen game's tables may have
  function fillSeats() {
    const game = (state.games || []).find((g) => g.id === $("game").value);
    const players = $("players");
    const chosen = Number(players.value);
    players.replaceChildren();
    if (!game) return;
    for (let n = game.min_seats; n <= game.max_seats; n++) {
      const o = document.createElement("option");
      o.value = String(n);
      o.textContent = String(n);
      players.append(o);
    }
    const keep = chosen >= game.min_seats && chosen <= game.max_seats;
    players.value = String(keep ? chosen : game.seats);
  }

  // -- a name the server would refuse, explained before anything is sent -----------------
  // (data.name is the server's own rule, as data: net/names.py)
  function nameProblemId(raw) {
    const rule = data.name;
    const name = raw.normalize("NFC").split(/\s+/).filter(Boolean).join(" ");
    const length = [...name].length;
    if (length < rule.min) return rule.problems.short;
    if (length > rule.max) return rule.problems.long;
    const classes = [...rule.categories].map((c) => `\\p{${c}}`).join("");
    const joiners = [...rule.joiners].map((c) => ("\\]^-[".includes(c) ? `\\${c}` : c)).join("");
    if (!new RegExp(`^[${classes} ${joiners}]+$`, "u").test(name)) return rule.problems.characters;
    if (!new RegExp(`\\p{${rule.needs}}`, "u").test(name)) return rule.problems.characters;
    return "";
  }

  function nameProblem(text) {
    const field = $("name");
    $("name-problem").textContent = text;
    if (text) {
      field.setAttribute("aria-invalid", "true");
      showOnly("join");
      field.focus();
    } else {
      field.removeAttribute("aria-invalid");
    }
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

  // -- words: the history and the board (speech.js says them) --------------------------

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
        const piece = document.createElement(run.style.startsWith("mark") ? "mark" : "span");
        piece.className = run.style;
        piece.textContent = run.text;
        p.append(piece, " ");
      }
      if (runs.length && runs[0].style === "title") p.className = "title";
      return p;
    }));
  }

  // -- the buttons: what this seat may do now, by touch ---------------------------------
  // The server sends them whenever they change (the game's controls' commands and the
  // table's own, labelled in the page's language); a tap runs one as its keys would.
  // Buttons are kept by id, so a screen reader's focus stays on the button it was on;
  // when that button goes (the tile was played), the focus goes to the one now in its
  // place, else to its group's heading, never to the page's body.
  function showControls(groups) {
    const box = $("controls");
    const had = box.contains(document.activeElement) ? document.activeElement : null;
    const place = had ? placeOf(had) : null;
    const old = new Map([...box.children].map((div) => [div.dataset.group, div]));
    const wanted = groups.map((group) => {
      const div = old.get(group.id) || makeGroup(group.id);
      div.querySelector("h3").textContent = group.title;
      fillButtons(div.querySelector("ul"), group.buttons);
      return div;
    });
    reconcile(box, wanted);
    box.hidden = !groups.length;
    if (had && !had.isConnected && place) refocus(place);
    else if (had && document.activeElement !== had) had.focus();
  }

  function makeGroup(id) {
    const div = document.createElement("div");
    div.className = "group";
    div.dataset.group = id;
    const h3 = document.createElement("h3");
    h3.id = `group-${id}`;
    h3.tabIndex = -1;
    const ul = document.createElement("ul");
    ul.setAttribute("aria-labelledby", h3.id);
    div.append(h3, ul);
    return div;
  }

  function fillButtons(list, buttons) {
    const old = new Map([...list.children].map((li) => [li.firstElementChild.dataset.command, li]));
    const wanted = buttons.map((button) => {
      let li = old.get(button.id);
      if (!li) {
        li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.command = button.id;
        b.addEventListener("click", onCommand);
        li.append(b);
      }
      const b = li.firstElementChild;
      if (b.textContent !== button.label) b.textContent = button.label;
      if (button.current) b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
      return li;
    });
    reconcile(list, wanted);
  }

  // `parent`'s children become `wanted`, moving as few as it can (a node kept in its
  // order is never taken out, so a focus on it stays)
  function reconcile(parent, wanted) {
    const keep = new Set(wanted);
    for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
    wanted.forEach((node, i) => {
      if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
    });
  }

  function placeOf(element) {
    const div = element.closest(".group");
    const items = div ? [...div.querySelectorAll("button")] : [];
    return { group: div ? div.dataset.group : "", index: items.indexOf(element) };
  }

  function refocus(place) {
    const div = [...$("controls").children].find((d) => d.dataset.group === place.group);
    const buttons = div ? [...div.querySelectorAll("button")] : [];
    const next = buttons[Math.min(place.index, buttons.length - 1)];
    if (next) next.focus();
    else if (div) div.querySelector("h3").focus();
    else $("table-heading").focus();
  }

  function onCommand(event) {
    sound.start();
    const message = { type: "command", id: event.currentTarget.dataset.command };
    // when it was tapped, on the server's clock as estimated here, dated as the handler
    // runs (a race's throws are dated as its keys are)
    const at = clock.server(performance.now());
    if (at !== null) message.at = at;
    send(message);
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
      this.context.addEventListener("statechange", () => soundWaiting());
    },
    // whether the browser holds the sounds back until the player's first tap or key
    waiting() {
      return Boolean(this.context) && this.context.state === "suspended";
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
    logged(cue, pan) {
      this.log.push([cue, pan]);
      if (this.log.length > 200) this.log.shift();
    },
    async play(cue, pan, volume) {
      this.logged(cue, pan);
      if (!this.context) return;
      const buffer = await this.load(cue);
      if (!buffer) return;
      this.connect(buffer, pan, volume).start();
    },
    // a cue at page time `pageMs` (performance.now()'s timeline), on the audio clock:
    // the Web Audio API starts it on the very sample, whatever the page's timers do
    playAt(cue, pan, volume, pageMs) {
      const handle = { source: null, cancelled: false, aimedAt: null };
      if (!this.context) return handle;
      this.load(cue).then((buffer) => {
        if (!buffer || handle.cancelled) return;
        const context = this.context;
        const stamp = context.getOutputTimestamp ? context.getOutputTimestamp() : {};
        let when;
        if (stamp.performanceTime) {
          when = stamp.contextTime + (pageMs - stamp.performanceTime) / 1000;
          handle.aimedAt = pageMs;
        } else { // no output clock yet: the context's own, from now
          when = context.currentTime + (pageMs - performance.now()) / 1000;
          handle.aimedAt = pageMs;
        }
        handle.source = this.connect(buffer, pan, volume);
        handle.source.start(Math.max(context.currentTime, when));
      });
      return handle;
    },
    cancel(handle) {
      handle.cancelled = true;
      if (handle.source) {
        try { handle.source.stop(); } catch (error) { /* never started */ }
      }
    },
    connect(buffer, pan, volume) {
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      // the desktop's mixer pans mono cues with equal power, as a StereoPannerNode does
      const panner = this.context.createStereoPanner();
      panner.pan.value = pan;
      const level = this.context.createGain();
      level.gain.value = volume;
      source.connect(level).connect(panner).connect(this.gain);
      return source;
    },
    setVolume(value) {
      this.volume = value;
      if (this.gain) this.gain.gain.value = value;
    },
  };

  // -- sound and the browser's voice wait for the first tap or key (iOS, and browsers that
  // keep a page quiet until the player touches it): the player is told once ------------
  let soundTold = false;
  function soundWaiting() {
    const waiting = sound.waiting();
    $("sound-waiting").hidden = !waiting;
    if (waiting && !soundTold) {
      soundTold = true;
      announcer.say(strings["web-ui-sound-waiting"]);
    }
  }

  function firstTouch() {
    announcer.unlock();
    if (!sound.context) return; // the sounds start with the first join, as before
    sound.start(); // resumes a context the browser held back
  }

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
    // when it was pressed, on the server's clock as estimated here (a race's presses are
    // dated; the server believes the claim only within its own bound). Dated as the
    // handler runs, as the desktop dates a key when its loop reads it: the server makes
    // up for the line, not for a device's wait for CPU, and a press dated earlier than
    // it leaves sits at its bound, where a modified client's would
    const at = clock.server(performance.now());
    const press = { type: "key", key: event.key, code: event.code, shift: event.shiftKey,
      ctrl: event.ctrlKey, alt: event.altKey };
    if (at !== null) press.at = at;
    send(press);
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
    state.name = $("name").value.trim();
    $("status").textContent = "";
    const large = localStorage.getItem("audiogame.large") === "1";
    $("large-print").checked = large;
    document.body.classList.toggle("large", large);

    $("join-form").addEventListener("submit", (event) => {
      event.preventDefault();
      sound.start();
      const problem = nameProblemId($("name").value);
      if (problem) { // the server would refuse it: why, at once, and nothing sent
        const why = strings[`net-reason-${problem}`];
        nameProblem(why);
        announcer.say(why, true);
        return;
      }
      nameProblem("");
      state.name = $("name").value.trim();
      state.code = $("code").value.trim();
      state.watch = $("watch").checked;
      state.password = $("password").value;
      $("password").value = "";
      localStorage.setItem("audiogame.name", state.name);
      if (state.ws && !state.welcomed) {
        hello(); // the server refused the last name: introduced again
      } else if (state.ws) {
        if (state.code) send({ type: "join-table", code: state.code, spectator: state.watch });
        else send({ type: "list-tables" });
      } else {
        connect();
      }
      if (!state.code) setStatus("web-ui-status-no-code");
    });
    $("game").addEventListener("change", fillSeats);
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
    fillChoices($("report-reason"), data.reasons);
    fillChoices($("moderate-reason"), data.reasons);
    fillChoices($("moderate-action"), data.actions);
    $("report-form").addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "report", name: state.person, reason: $("report-reason").value,
        text: $("report-text").value });
      $("report-text").value = "";
    });
    $("moderate-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const [action, minutes] = $("moderate-action").value.split(":");
      send({ type: "moderate", name: state.person, action, minutes: Number(minutes),
        reason: $("moderate-reason").value, note: $("moderate-note").value,
        report: state.report });
      $("moderate-note").value = "";
    });
    $("make-moderator").addEventListener("click",
      () => send({ type: "set-role", name: state.person, role: "moderator" }));
    $("take-role").addEventListener("click",
      () => send({ type: "set-role", name: state.person, role: "" }));
    $("person-close").addEventListener("click", () => { $("person").hidden = true; });
    $("reports-open").addEventListener("click", () => send({ type: "reports" }));
    $("audit-open").addEventListener("click", () => send({ type: "audit" }));
    $("play").addEventListener("keydown", onKey);
    $("back").addEventListener("click", () => $("play").focus());
    $("keys").addEventListener("click", () => {
      send({ type: "key", key: "F1", code: "F1" });
      $("play").focus();
    });
    $("leave").addEventListener("click", () => send({ type: "leave-table" }));
    // Control anywhere on the page, as in the game: the screen reader stops on its own
    // Control, and the page drops what it still had waiting for it
    document.addEventListener("keydown", (event) => {
      if (event.key === "Control" && !event.repeat) announcer.silence();
    }, { capture: true });
    $("skip-waiting").addEventListener("click", () => {
      const dropped = announcer.silence();
      announcer.say(strings[dropped ? "web-ui-skipped" : "web-ui-nothing-waiting"], true);
    });
    $("language").addEventListener("change", () => setLanguage($("language").value));
    $("large-print").addEventListener("change", () => {
      const on = $("large-print").checked;
      localStorage.setItem("audiogame.large", on ? "1" : "0");
      document.body.classList.toggle("large", on);
    });
    $("volume").addEventListener("input", () => sound.setVolume($("volume").value / 100));
    // the skip link goes where the player can act: the game's area at a table, else the
    // heading of what the page shows
    $("skip").addEventListener("click", (event) => {
      event.preventDefault();
      if (state.atTable) $("play").focus();
      else if (!$("lobby").hidden) $("lobby-heading").focus();
      else $("name").focus();
    });
    $("sound-on").addEventListener("click", () => {
      firstTouch();
      $("sound-on").blur();
      $("title").setAttribute("tabindex", "-1");
      $("title").focus();
    });
    for (const kind of ["pointerdown", "keydown", "touchend"]) {
      document.addEventListener(kind, firstTouch, { capture: true, passive: true });
    }
    speechSettings();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {}); // a page without it works
    }
    // for the curious (and the end-to-end tests)
    window.audiogame = { state, sound, clock, timed, announcer };
    // reloaded (or the connection lost) in this tab: back at once with the same token, as
    // the desktop client reconnects by itself; the server puts the player back in their
    // seat and says where the game stands. The sounds start with the first key.
    if (state.token && state.name) {
      state.code = $("code").value.trim();
      sound.start();
      soundWaiting();
      connect();
    }
  }

  // -- speaking with the browser's voice: on or off, which voice, how fast, how high ------
  function speechSettings() {
    const box = $("browser-voice");
    const settings = announcer.settings;
    if (!window.speechSynthesis) {
      box.disabled = true;
      $("voice-note").textContent = strings["web-ui-browser-voice-none"];
      for (const id of ["voice", "rate", "pitch", "voice-try"]) $(id).disabled = true;
      return;
    }
    box.checked = settings.on;
    $("rate").value = settings.rate;
    $("pitch").value = settings.pitch;
    fillVoices();
    speechSynthesis.addEventListener("voiceschanged", fillVoices);
    box.addEventListener("change", () => {
      announcer.setVoice({ on: box.checked });
      announcer.say(strings[box.checked ? "web-ui-browser-voice-on" : "web-ui-browser-voice-off"],
        true);
    });
    $("voice").addEventListener("change", () => {
      announcer.setVoice({ voices: { ...settings.voices, [lang]: $("voice").value } });
    });
    for (const id of ["rate", "pitch"]) {
      $(id).addEventListener("change", () => announcer.setVoice({ [id]: Number($(id).value) }));
    }
    $("voice-try").addEventListener("click", () => {
      announcer.unlock();
      announcer.say(strings["web-ui-voice-sample"], true);
    });
  }

  function fillVoices() {
    const select = $("voice");
    const voices = voicesFor(lang);
    select.replaceChildren(...voices.map((voice) => {
      const o = document.createElement("option");
      o.value = voice.voiceURI;
      o.textContent = voice.name;
      return o;
    }));
    const chosen = announcer.chosenVoice();
    if (chosen) select.value = chosen.voiceURI;
    select.disabled = !voices.length;
    $("voice-note").textContent = strings[voices.length ? "web-ui-browser-voice-note"
      : "web-ui-browser-voice-none"];
  }

  init();
})();
