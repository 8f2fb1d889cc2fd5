// mtgsolver's page: pick or paste a board, ask a question, see the verdict, the reasons and the picture.
// The board lives in the URL fragment (deflate-raw and base64url), so a position is shared as a link.
// The service answers everything (mtgsolver/page/answers.py); this module only draws and asks.

const $ = (selector) => document.querySelector(selector);
const state = {
  board: null,        // the board file's data, as the service read it
  view: null,         // what the page draws (mtgsolver/page/board_view.py)
  command: "blocks check",
  options: {},
  forms: {},          // command name -> {summary, verdicts, fields}
  selected: null,     // the card clicked first (a blocker, an attacker)
  shown: null,        // the last answer, made ready to show
  step: 0,            // the step of the line shown
  asked: 0,           // the number of the last question asked (older answers are dropped)
  clickAt: null,      // performance.now() of the click the next answer follows
};

// -- talking to the service -------------------------------------------------------------------
async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, init);
  let data;
  try { data = await response.json(); } catch { data = {error: `${response.status} ${response.statusText}`}; }
  if (!response.ok) {
    const error = data.error;
    throw new Error(typeof error === "string" ? error : error && error.message ? error.message : response.statusText);
  }
  return data;
}

function showError(message) {
  const box = $("#error");
  box.textContent = message || "";
  box.hidden = !message;
}

// -- the fragment: the board, the question and the options, compressed ------------------------
function toBase64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function squeeze(bytes, Stream, format) {
  const stream = new Blob([bytes]).stream().pipeThrough(new Stream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function encodeState(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  if (typeof CompressionStream === "function") {
    try { return "z=" + toBase64Url(await squeeze(bytes, CompressionStream, "deflate-raw")); } catch { /* plain */ }
  }
  return "j=" + toBase64Url(bytes);
}

async function decodeState(fragment) {
  const text = fragment.replace(/^#/, "");
  const [kind, payload] = [text.slice(0, 2), text.slice(2)];
  if (!payload || (kind !== "z=" && kind !== "j=")) return null;
  let bytes = fromBase64Url(payload);
  if (kind === "z=") {
    if (typeof DecompressionStream !== "function") throw new Error("this browser can't read a compressed link");
    bytes = await squeeze(bytes, DecompressionStream, "deflate-raw");
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}

let lastFragment = "";
let remembered = 0;
// Write the board, the question and its options into the address (the latest call wins).
async function remember() {
  if (!state.board) return;
  const mine = ++remembered;
  const fragment = "#" + await encodeState({b: state.board, c: state.command, o: state.options});
  if (mine !== remembered) return;
  lastFragment = fragment;
  history.replaceState(null, "", fragment);
}

// -- the question: a command and its options ----------------------------------------------------
function fieldInput(field, value) {
  const label = document.createElement("label");
  label.title = field.description;
  let input;
  if (field.kind === "flag") {
    label.className = "flag";
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
  } else if (field.kind === "list") {
    input = document.createElement("textarea");
    input.rows = 2;
    input.placeholder = "one per line";
    input.value = Array.isArray(value) ? value.join("\n") : "";
  } else if (field.choices.length) {
    input = document.createElement("select");
    for (const choice of ["", ...field.choices]) {
      const option = new Option(choice || (field.default ?? "(the board's)"), choice);
      input.append(option);
    }
    input.value = value ?? "";
  } else {
    input = document.createElement("input");
    input.type = field.kind === "text" ? "text" : "number";
    if (field.kind === "number") input.step = "any";
    input.placeholder = field.default === null || field.default === undefined ? "" : String(field.default);
    input.value = value ?? "";
  }
  input.name = field.name;
  input.dataset.kind = field.kind;
  const words = document.createElement("span");
  words.textContent = field.name.replace(/_/g, " ") + (field.required ? " (required)" : "");
  if (field.kind === "flag") label.append(input, words); else label.append(words, input);
  return label;
}

function renderForm() {
  const form = $("#options");
  const spec = state.forms[state.command];
  form.replaceChildren();
  $("#summary").textContent = spec ? spec.summary : "";
  if (!spec) return;
  const later = ["time_limit", "strict"];
  const fields = [...spec.fields.filter((f) => !later.includes(f.name)), ...spec.fields.filter((f) => later.includes(f.name))];
  for (const field of fields) form.append(fieldInput(field, state.options[field.name]));
}

function readForm() {
  const options = {};
  for (const input of $("#options").querySelectorAll("[name]")) {
    const kind = input.dataset.kind;
    if (kind === "flag") { if (input.checked) options[input.name] = true; continue; }
    const text = input.value.trim();
    if (!text) continue;
    if (kind === "list") options[input.name] = text.split("\n").map((s) => s.trim()).filter(Boolean);
    else if (kind === "integer") options[input.name] = Number.parseInt(text, 10);
    else if (kind === "number") options[input.name] = Number.parseFloat(text);
    else options[input.name] = text;
  }
  return options;
}

function setQuestion(command, options) {
  if (state.forms[command]) state.command = command;
  state.options = {...(options || {})};
  $("#command").value = state.command;
  renderForm();
}

// -- clicking on the board: who blocks whom, who attacks what ----------------------------------
function mode() {
  if (state.command.startsWith("attacks")) return "attacks";
  if (state.command.startsWith("blocks") || state.command === "damage") return "blocks";
  if (["chance", "produce"].includes(state.command)) return "permanent";
  if (state.command === "plan") return "cast";
  return null;
}

function combat() {
  if (!state.board.combat) state.board.combat = {attackers: []};
  if (!state.board.combat.attackers) state.board.combat.attackers = [];
  return state.board.combat;
}

function permanent(id) { return state.view.battlefield.find((p) => p.id === id); }
function isCreature(p) { return p && p.types.includes("creature"); }
function attacking(id) { return (state.board.combat?.attackers || []).some((a) => a.creature === id); }

function help() {
  const active = state.view.active_player;
  return {
    blocks: "Click a defending creature, then an attacking creature it blocks (click again to undo).",
    attacks: `Click one of ${active}'s creatures, then the player or planeswalker it attacks (again to undo).`,
    permanent: "Click a permanent to ask about it.",
    cast: "Click a card in a hand to add it to the cards to cast.",
  }[mode()] || "";
}

function toggleBlock(blocker, attacker) {
  const c = combat();
  if (!c.blockers) c.blockers = [];
  let entry = c.blockers.find((b) => b.creature === blocker);
  if (!entry) { entry = {creature: blocker, blocks: []}; c.blockers.push(entry); }
  entry.blocks = entry.blocks.includes(attacker) ? entry.blocks.filter((x) => x !== attacker) : [...entry.blocks, attacker];
  c.blockers = c.blockers.filter((b) => b.blocks.length);
}

function toggleAttack(creature, target) {
  const c = combat();
  const old = c.attackers.find((a) => a.creature === creature);
  c.attackers = c.attackers.filter((a) => a.creature !== creature);
  if (!old || old.target !== target) c.attackers.push({creature, target});
  if (c.blockers) c.blockers = c.blockers.map((b) => ({...b, blocks: b.blocks.filter(attacking)})).filter((b) => b.blocks.length);
}

function clicked(target) {
  const active = state.view.active_player;
  const id = target.dataset.id;
  const player = target.dataset.player;
  const how = mode();
  if (how === "blocks" && id) {
    const p = permanent(id);
    if (isCreature(p) && p.controller !== active) { state.selected = state.selected === id ? null : id; return false; }
    if (state.selected && attacking(id)) { toggleBlock(state.selected, id); return true; }
    showError(state.selected ? `${id} is not attacking: a creature blocks an attacking creature (509.1a)`
                             : "first click a creature of the defending player");
    return false;
  }
  if (how === "attacks") {
    const p = id && permanent(id);
    if (p && isCreature(p) && p.controller === active) { state.selected = state.selected === id ? null : id; return false; }
    const attackable = player ? player !== active : p && p.controller !== active &&
      (p.types.includes("planeswalker") || p.types.includes("battle"));
    if (state.selected && attackable) { toggleAttack(state.selected, player || id); return true; }
    showError(state.selected ? "a creature attacks a player, a planeswalker or a battle (508.1b)"
                             : `first click one of ${active}'s creatures`);
    return false;
  }
  if (how === "permanent" && id) { state.options.permanent = id; renderForm(); return true; }
  if (how === "cast" && target.dataset.card) {
    state.options.cast = [...(state.options.cast || []), target.dataset.card];
    renderForm();
    return true;
  }
  return false;
}

// -- drawing the board --------------------------------------------------------------------------
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== ""));
  return node;
}

function colorClass(p) {
  if (p.colors.length > 1) return "c-gold";
  return p.colors.length ? `c-${p.colors[0]}` : "";
}

function marks() { return (state.shown && state.shown.marks) || {}; }

function cardOf(p) {
  const m = marks();
  const c = state.board.combat || {};
  const attack = (c.attackers || []).find((a) => a.creature === p.id);
  const block = (c.blockers || []).find((b) => b.creature === p.id);
  const classes = ["card", colorClass(p), p.tapped && "tapped", state.selected === p.id && "selected",
    (m.violated || []).includes(p.id) && "violated",
    [...(m.tapped || []), ...(m.sacrificed || []), ...(m.used || [])].includes(p.id) && "paid",
    (m.destroyed || []).includes(p.id) && "destroyed"].filter(Boolean).join(" ");
  const corner = p.power !== null ? `${p.power}/${p.toughness}` : p.loyalty !== null ? `loyalty ${p.loyalty}`
    : p.defense !== null ? `defense ${p.defense}` : "";
  const states = [p.tapped && "tapped", p.summoning_sick && "summoning sick", p.attached_to && `on ${p.attached_to}`,
    ...Object.entries(p.counters).map(([k, v]) => `${v} ${k}`)].filter(Boolean).join(", ");
  const badges = [
    attack && element("span", {class: "badge attacks"}, `attacks ${attack.target}`),
    block && element("span", {class: "badge blocks"}, `blocks ${block.blocks.join(", ")}`),
    (m.tapped || []).includes(p.id) && element("span", {class: "badge paid"}, "tapped to pay"),
    (m.sacrificed || []).includes(p.id) && element("span", {class: "badge paid"}, "sacrificed to pay"),
    (m.used || []).includes(p.id) && element("span", {class: "badge paid"}, "used to pay"),
    (m.violated || []).includes(p.id) && element("span", {class: "badge bad"}, "breaks a rule"),
    (m.destroyed || []).includes(p.id) && element("span", {class: "badge bad"}, "destroyed"),
  ].filter(Boolean);
  const kinds = [...p.supertypes, ...p.types].join(" ") + (p.subtypes.length ? " — " + p.subtypes.join(" ") : "");
  const text = [...p.abilities, ...p.unread.map((u) => `${u} (unread)`)].join("\n");
  return element("button", {type: "button", class: classes, "data-id": p.id, "aria-pressed": String(state.selected === p.id),
    title: text || kinds},
  element("b", {}, p.name), element("small", {class: "muted"}, p.id), element("span", {}, kinds),
  p.keywords.length ? element("span", {class: "kw"}, p.keywords.join(", ").replace(/_/g, " ")) : null,
  states ? element("span", {class: "kw"}, states) : null, badges.length ? element("span", {}, ...badges) : null,
  corner ? element("span", {class: "pt"}, corner) : null);
}

function renderBoard() {
  const view = state.view;
  const players = $("#players");
  players.replaceChildren();
  if (!view) return;
  $("#help").textContent = help();
  $("#help").hidden = !help();
  const targets = new Set((state.board.combat?.attackers || []).map((a) => a.target));
  for (const player of view.players) {
    const active = player.name === view.active_player;
    const head = element("div", {class: "player-head"},
      element("button", {type: "button", class: `player-name${targets.has(player.name) ? " target" : ""}`,
        "data-player": player.name}, player.name),
      element("span", {class: "muted"}, `${player.life} life, ${player.poison} poison counters` +
        (player.energy ? `, ${player.energy} energy counters` : "") +
        (active ? " — the active player" : "")));
    const cards = element("div", {class: "cards"},
      ...view.battlefield.filter((p) => p.controller === player.name).map(cardOf));
    const hand = (view.hands[player.name] || []);
    const handLine = hand.length ? element("div", {class: "hand"}, "hand: ",
      ...hand.map((c) => element("button", {type: "button", "data-card": c.name}, c.name))) : null;
    players.append(element("div", {class: "player", "data-name": player.name}, head, cards, handLine));
  }
  const stack = $("#stack");
  stack.replaceChildren();
  if (view.stack.length) {
    stack.append(element("h3", {}, "the stack, bottom first"), element("ol", {}, ...view.stack.map((s) =>
      element("li", {}, `${s.id}: ${s.name} (${s.controller})` + (s.targets.length ? ` targeting ${s.targets.join(", ")}` : "")))));
  }
  if (view.puzzle) {
    const p = view.puzzle;
    stack.append(element("p", {class: "muted"}, `puzzle: goal ${p.goal} for ${p.side}` +
      (p.description ? ` — ${p.description}` : "") + (p.source ? ` (${p.source})` : "")));
  }
  renderDeclaration();
}

function renderDeclaration() {
  const box = $("#declaration");
  box.replaceChildren();
  const c = state.board && state.board.combat;
  const how = mode();
  if (!c || !(how === "blocks" || how === "attacks")) return;
  const items = how === "attacks"
    ? (c.attackers || []).map((a) => element("button", {type: "button", "data-undo-attack": a.creature, title: "remove"},
      `${a.creature} attacks ${a.target} ✕`))
    : (c.blockers || []).flatMap((b) => b.blocks.map((x) => element("button",
      {type: "button", "data-undo-block": `${b.creature}|${x}`, title: "remove"}, `${b.creature} blocks ${x} ✕`)));
  if (!items.length) items.push(element("span", {class: "muted"}, how === "attacks" ? "no creature attacks" : "no creature blocks"));
  const clear = element("button", {type: "button", id: "clear"}, how === "blocks" ? "No blocks" : "No attack");
  box.append(element("strong", {}, how === "blocks" ? "blocks:" : "attack:"), ...items, clear);
}

// -- drawing the answer -------------------------------------------------------------------------
function verdictClass(shown) {
  if (shown.exit === 3) return "maybe";
  return shown.exit === 0 ? "good" : "bad";
}

function reasonItem(r) {
  return element("li", {}, r.rule ? element("span", {class: "rule"}, r.rule) : null, r.text);
}

function tableOf(t) {
  const table = element("table", {}, element("caption", {}, t.title),
    element("thead", {}, element("tr", {}, ...t.columns.map((c) => element("th", {}, c)))),
    element("tbody", {}, ...t.rows.map((row) => element("tr", {}, ...row.map((c) => element("td", {}, c))))));
  return element("div", {class: "table"}, table);
}

function svgFigure(svg) {
  const figure = document.createElement("div");
  figure.innerHTML = svg;  // drawn by the service (mtgsolver/pictures.py), its text escaped there
  return figure;
}

function renderLine() {
  const box = $("#line");
  box.replaceChildren();
  const line = state.shown.line;
  if (!line.length) return;
  const step = line[state.step];
  const back = element("button", {type: "button", id: "step-back", disabled: state.step === 0}, "◀ previous step");
  const next = element("button", {type: "button", id: "step-next", disabled: state.step === line.length - 1}, "next step ▶");
  box.append(element("div", {class: "steps"},
    element("div", {class: "row"}, back, element("span", {id: "step-count"}, `step ${state.step + 1} of ${line.length}`), next),
    element("h3", {id: "step-title"}, step.title),
    element("ul", {}, ...step.lines.map((l) => element("li", {}, l))),
    step.picture ? svgFigure(step.picture) : null));
}

function renderAnswer() {
  const shown = state.shown;
  $("#answer").hidden = false;
  const verdict = $("#verdict");
  verdict.textContent = shown.verdict;
  verdict.className = `verdict ${verdictClass(shown)}`;
  $("#headline").textContent = shown.headline;
  $("#reasons").replaceChildren(...shown.reasons.map(reasonItem));
  $("#tables").replaceChildren(...shown.tables.filter((t) => t.rows.length).map(tableOf));
  const unread = $("#unread");
  unread.replaceChildren();
  if (shown.unread.length) {
    unread.append(element("h3", {}, "unread lines and why they matter"), element("ul", {}, ...shown.unread.map((u) =>
      element("li", {}, element("b", {}, u.permanent), `: “${u.line}” — ${u.why} (${u.kinds.join(", ")})`))));
  }
  if ((shown.not_relevant || []).length) {
    unread.append(element("h3", {}, "unread lines that don't matter here"), element("ul", {}, ...shown.not_relevant.map((u) =>
      element("li", {}, element("b", {}, u.permanent || ""), `: “${u.line}” — ${u.reason || u.why || ""}`))));
  }
  renderLine();
  const picture = $("#picture");
  picture.replaceChildren();
  if (shown.picture && !shown.line.length) picture.append(svgFigure(shown.picture));
}

// -- asking ---------------------------------------------------------------------------------------
let pending = 0;
// Run an action (a question, a board to load); the body says data-busy="yes" until all are done.
async function busy(action) {
  pending += 1;
  document.body.dataset.busy = "yes";
  try { return await action(); } finally {
    pending -= 1;
    if (!pending) document.body.dataset.busy = "no";
  }
}

async function ask() { return busy(answer); }

async function answer() {
  if (!state.board) return;
  const asked = ++state.asked;
  const started = state.clickAt ?? performance.now();
  state.clickAt = null;
  showError("");
  try {
    const shown = await api("page/answer", {command: state.command, board: state.board, options: state.options});
    if (asked !== state.asked) return;
    state.shown = shown;
    state.step = 0;
    renderBoard();
    renderAnswer();
    const ms = performance.now() - started;
    document.body.dataset.answeredIn = ms.toFixed(1);
    $("#timing").textContent = `answered in ${Math.round(ms)} ms`;
  } catch (error) {
    if (asked !== state.asked) return;
    state.shown = null;
    $("#answer").hidden = true;
    renderBoard();
    showError(error.message);
  }
}

async function useBoard(read, question) {
  state.board = read.board;
  state.view = read.view;
  state.selected = null;
  state.shown = null;
  const q = question || read.question;
  setQuestion(q.command, q.options);
  renderBoard();
  await remember();
  await ask();
}

function loadText(text) { return busy(() => readText(text)); }

async function readText(text) {
  showError("");
  try {
    await useBoard(await api("page/board", {board: text}));
    $("#example").value = "";
  } catch (error) {
    showError(error.message);
  }
}

function loadExample(name) { return busy(() => readExample(name)); }

async function readExample(name) {
  if (!name) return;
  showError("");
  try {
    const read = await api(`page/examples/${name.split("/").map(encodeURIComponent).join("/")}`);
    $("#board-text").value = read.text;
    await useBoard(read, {command: read.example.command, options: read.example.options});
  } catch (error) {
    showError(error.message);
  }
}

function loadFragment() { return busy(readFragment); }

async function readFragment() {
  const saved = await decodeState(location.hash);
  if (!saved) return false;
  lastFragment = location.hash;
  const read = await api("page/board", {board: saved.b});
  await useBoard(read, {command: saved.c, options: saved.o});
  return true;
}

// -- wiring -------------------------------------------------------------------------------------
async function start() {
  const [forms, examples] = await Promise.all([api("page/commands"), api("page/examples")]);
  const select = $("#command");
  for (const form of forms) {
    state.forms[form.name] = form;
    select.append(new Option(form.name, form.name));
  }
  const groups = {};
  for (const ex of examples) {
    const group = groups[ex.command] || (groups[ex.command] = element("optgroup", {label: ex.command}));
    const option = new Option(`${ex.name.replace(/\.ya?ml$/, "")} — ${ex.title}`, ex.name);
    if (ex.error) { option.disabled = true; option.title = ex.error; option.text += " (needs a card file: serve --cards FILE)"; }
    group.append(option);
  }
  $("#example").append(...Object.values(groups));

  select.addEventListener("change", () => { setQuestion(select.value, {}); renderBoard(); remember(); ask(); });
  $("#options").addEventListener("change", () => { state.options = readForm(); remember(); });
  $("#options").addEventListener("submit", (event) => { event.preventDefault(); state.options = readForm(); ask(); });
  $("#ask").addEventListener("click", () => { state.options = readForm(); remember(); ask(); });
  $("#example").addEventListener("change", (event) => loadExample(event.target.value));
  $("#load").addEventListener("click", () => loadText($("#board-text").value));
  $("#file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("#board-text").value = text;
    await loadText(text);
  });
  $("#share").addEventListener("click", async () => {
    await remember();
    try { await navigator.clipboard.writeText(location.href); } catch { /* the address bar holds it */ }
    $("#shared").hidden = false;
    setTimeout(() => { $("#shared").hidden = true; }, 2000);
  });
  $("#board").addEventListener("click", (event) => {
    const undoAttack = event.target.closest("[data-undo-attack]");
    const undoBlock = event.target.closest("[data-undo-block]");
    const target = event.target.closest("[data-id], [data-player], [data-card]");
    state.clickAt = performance.now();
    let changed = false;
    showError("");
    if (event.target.closest("#clear")) {
      const c = combat();
      if (mode() === "blocks") c.blockers = []; else { c.attackers = []; if (c.blockers) c.blockers = []; }
      changed = true;
    } else if (undoAttack) {
      toggleAttack(undoAttack.dataset.undoAttack, combat().attackers.find((a) => a.creature === undoAttack.dataset.undoAttack).target);
      changed = true;
    } else if (undoBlock) {
      const [blocker, attacker] = undoBlock.dataset.undoBlock.split("|");
      toggleBlock(blocker, attacker);
      changed = true;
    } else if (target) {
      changed = clicked(target);
    }
    if (changed) {
      state.selected = null;
      renderBoard();
      remember();
      ask();
    } else {
      state.clickAt = null;
      renderBoard();
    }
  });
  $("#answer").addEventListener("click", (event) => {
    if (event.target.closest("#step-next")) state.step += 1;
    else if (event.target.closest("#step-back")) state.step -= 1;
    else return;
    renderLine();
  });
  window.addEventListener("hashchange", () => {
    if (location.hash !== lastFragment) loadFragment().catch((error) => showError(error.message));
  });

  try {
    if (await loadFragment()) return;
  } catch (error) {
    showError(`the link's board could not be read: ${error.message}`);
  }
  const first = examples.find((e) => e.name === "lure-menace.yaml" && !e.error) || examples.find((e) => !e.error);
  if (first) {
    $("#example").value = first.name;
    await loadExample(first.name);
  }
}

busy(start).catch((error) => showError(error.message)).finally(() => { document.body.dataset.ready = "yes"; });
