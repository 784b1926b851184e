// The gin rummy page: plain JavaScript, no build step.
//
// It talks to examples/web/server.py over one websocket. Every "state" frame holds this
// player's view of the game (a ginrummy GameView document) and of the last finished round (a
// PlayerView document); the page draws only what those views hold and sends actions in the
// library's notation ("s", "t", "p", "d Kh", "k Kh", "bg", "l 8h 0", "e").
"use strict";

const GLYPHS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const OUTCOMES = {
  knock: "knock", undercut: "undercut", gin: "gin", "big-gin": "big gin",
  "dead-hand": "dead hand", void: "void round",
};

let socket = null;
let me = null;          // this client's seat, 0 or 1
let gameId = null;
let opponentName = "";
let frame = null;       // the last state frame
let acknowledged = 0;   // finished rounds whose result this person has closed
let retries = 0;

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "className") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// A card as the library writes it ("Kh", "Ts") drawn as rank and suit symbol ("K♥", "10♠").
function cardLabel(text) {
  const rank = text[0] === "T" ? "10" : text[0];
  return rank + GLYPHS[text[1]];
}

function cardEl(text, { action = null, extra = "", small = false } = {}) {
  const classes = ["card", "hd".includes(text[1]) ? "red" : "black", small ? "small" : "", extra];
  const props = { className: classes.filter(Boolean).join(" "), dataset: { card: text } };
  if (action === null) return el("span", props, cardLabel(text));
  props.dataset.action = action;
  props.type = "button";
  props.title = `discard ${cardLabel(text)}`;
  props.onclick = () => act(action);
  return el("button", props, cardLabel(text));
}

function backEl(small = false) {
  return el("span", { className: small ? "card back small" : "card back", "aria-label": "face-down card" });
}

function logCard(text) {
  return el("span", { className: "hd".includes(text[1]) ? "log-card red" : "log-card", dataset: { card: text } },
    cardLabel(text));
}

function who(player) {
  return player === me ? "you" : "the opponent";
}

function Who(player) {
  return player === me ? "You" : "The opponent";
}

// ---------------------------------------------------------------- the connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  socket.addEventListener("open", () => {
    retries = 0;
    $("connection").textContent = "connected";
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("connection").textContent = "disconnected: reconnecting…";
    retries += 1;
    setTimeout(connect, Math.min(5000, 500 * retries));
  });
}

function send(message) {
  socket.send(JSON.stringify(message));
}

function act(action) {
  $("refusal").hidden = true;
  send({ op: "act", action });
}

function receive(message) {
  switch (message.op) {
    case "hello": return hello(message);
    case "joined": return joined(message);
    case "state":
      frame = message;
      render();
      document.body.dataset.step = String(message.step);
      return undefined;
    case "refused":
      $("refusal").textContent = `Refused "${message.action}": ${message.reason}`;
      $("refusal").hidden = false;
      return undefined;
    case "error":
      $("error").textContent = message.message;
      $("error").hidden = false;
      return undefined;
    default:
      return undefined;
  }
}

function hello(message) {
  const presets = $("preset");
  const bots = $("bot");
  if (!presets.options.length) {
    for (const name of message.presets) presets.append(el("option", { value: name }, name));
    for (const name of message.bots) bots.append(el("option", { value: name }, name));
    if (message.bots.includes("greedy")) bots.value = "greedy";
  }
  const wanted = gameId || new URLSearchParams(location.search).get("game");
  if (wanted) {
    const token = sessionStorage.getItem(`ginrummy:${wanted}`);
    send(token ? { op: "join", game: wanted, token } : { op: "join", game: wanted });
  } else {
    $("lobby").hidden = false;
  }
}

function joined(message) {
  me = message.player;
  gameId = message.game;
  opponentName = message.opponent === "person" ? "the other person" : `the ${message.opponent} bot`;
  sessionStorage.setItem(`ginrummy:${gameId}`, message.token);
  $("lobby").hidden = true;
  $("error").hidden = true;
  $("table").hidden = false;
  $("game-id").textContent = gameId;
  const link = `${location.origin}/?game=${encodeURIComponent(gameId)}`;
  $("share-link").textContent = link;
  $("share-link").href = link;
  $("share").hidden = message.mode !== "people";
}

// ---------------------------------------------------------------- drawing a state

function render() {
  const game = frame.view.data;
  const view = game.round;
  const rules = game.rules;
  $("rules-name").textContent = rules.name;
  $("target").textContent = String(rules.target);
  $("knock-limit").textContent = view.knock_limit === 0 ? "0 (gin only)" : String(view.knock_limit);
  $("scores").textContent = `Score: you ${game.scores[me]}, ${opponentName} ${game.scores[1 - me]}`;
  const columns = game.result.columns;
  $("columns").hidden = columns.length === 0;
  $("columns").textContent = columns.length === 0 ? "" : "Hollywood columns: " + columns
    .map((c, i) => `game ${i + 1}: you ${c.breakdown[me].round_points}, opponent ${c.breakdown[1 - me].round_points}`)
    .join("; ");
  $("status").textContent = statusText(game, view);
  drawOpponent(view);
  drawPiles(view);
  drawSpread(view);
  drawHand(view);
  drawActions(view);
  drawLog(view);
  drawResults(game);
  drawLastRound(game, frame.finished === null ? null : frame.finished.data);
}

function statusText(game, view) {
  if (frame.waiting) return `Waiting for ${opponentName} to join: give them the game id or the link.`;
  if (game.is_over) {
    const winner = game.result.winner;
    return winner === null ? "Game over: a drawn game." : `Game over: ${who(winner)} won.`;
  }
  if (view.to_act !== me) return `Waiting for ${opponentName}…`;
  switch (view.phase) {
    case "upcard-offer": return "Your turn: take the upcard or pass.";
    case "draw": return "Your turn: draw from the stock or take the top of the discard pile.";
    case "discard": return "Your turn: click a card to discard it, or knock.";
    case "layoff": return "Lay off cards onto the knocker's spread, then click Done.";
    default: return "";
  }
}

function drawOpponent(view) {
  $("opponent-count").textContent = `(${view.opponent_card_count} cards)`;
  const shown = view.opponent_hand !== null ? view.opponent_hand : view.opponent_known;
  const cards = shown.map((c) => cardEl(c));
  for (let i = shown.length; i < view.opponent_card_count; i += 1) cards.push(backEl());
  $("opponent-cards").replaceChildren(...cards);
}

function drawPiles(view) {
  const stock = view.stock_size > 0 ? [backEl()] : [];
  stock.push(el("span", { className: "count" }, `${view.stock_size} cards`));
  $("stock").replaceChildren(...stock);
  const pile = view.discard_pile;
  const top = pile.length ? [cardEl(pile[pile.length - 1])] : [el("span", { className: "muted" }, "empty")];
  $("discard").replaceChildren(...top);
  $("pile-list").replaceChildren(...(pile.length > 1
    ? ["below: ", ...pile.slice(0, -1).reverse().flatMap((c) => [logCard(c), " "])] : []));
  $("knock-area").hidden = view.knock_card === null;
  $("knock-card").replaceChildren(...(view.knock_card === null ? [] : [cardEl(view.knock_card)]));
}

function meldItems(spread, layoffs) {
  const laid = new Set(layoffs.map(([card]) => card));
  return spread.map((meld) => el("li", {},
    el("span", { className: "cards" }, ...meld.map((c) => cardEl(c, { small: true, extra: laid.has(c) ? "laid" : "" })))));
}

function drawSpread(view) {
  $("spread-area").hidden = view.knocker === null;
  if (view.knocker === null) {
    $("spread").replaceChildren();
    return;
  }
  $("spread-title").textContent = `${Who(view.knocker)} knocked: the spread (meld numbers for layoffs; laid-off cards outlined)`;
  $("spread").replaceChildren(...meldItems(view.spread, view.layoffs));
}

function drawHand(view) {
  const legal = new Set(view.legal_actions);
  $("hand").replaceChildren(...view.hand.map((c) => {
    const extra = c === view.taken ? "taken" : "";
    return cardEl(c, { action: legal.has(`d ${c}`) ? `d ${c}` : null, extra });
  }));
  $("hand-hint").textContent = view.taken === null ? "" : `(${cardLabel(view.taken)} was just taken and may not be discarded)`;
}

function actionLabel(action, view) {
  const [word, card, meld] = action.split(" ");
  switch (word) {
    case "s": return ["Draw from the stock"];
    case "t": return ["Take ", logCard(view.discard_pile[view.discard_pile.length - 1])];
    case "p": return ["Pass"];
    case "k": return action.includes("/") ? [`Knock: ${action}`] : ["Knock, discarding ", logCard(card)];
    case "bg": return ["Big gin"];
    case "l": return ["Lay off ", logCard(card), ` on meld ${meld}`];
    case "e": return ["Done laying off"];
    default: return [action];
  }
}

function drawActions(view) {
  const buttons = view.legal_actions
    .filter((a) => !a.startsWith("d "))
    .map((a) => el("button", { type: "button", dataset: { action: a }, onclick: () => act(a) }, ...actionLabel(a, view)));
  $("actions").replaceChildren(...buttons);
}

function narrate(event) {
  const subject = Who(event.player);
  const action = event.action;
  if (action === null) return [`${subject} knocked (the knock card lies face down).`];
  const [word, card, meld] = action.split(" ");
  switch (word) {
    case "p": return [`${subject} passed the upcard.`];
    case "t": return event.card === null ? [`${subject} took the top discard.`]
      : [`${subject} took `, logCard(event.card), "."];
    case "s": return event.card === null ? [`${subject} drew from the stock.`]
      : [`${subject} drew `, logCard(event.card), " from the stock."];
    case "d": return [`${subject} discarded `, logCard(card), "."];
    case "k": return [`${subject} knocked, discarding `, logCard(card), " face down."];
    case "bg": return [`${subject} declared big gin.`];
    case "l": return [`${subject} laid off `, logCard(card), ` on meld ${meld}.`];
    case "e": return [`${subject} finished laying off.`];
    default: return [`${subject}: ${action}`];
  }
}

function drawLog(view) {
  $("log").replaceChildren(...view.events.slice().reverse().map((e) => el("li", {}, ...narrate(e))));
}

function resultText(result) {
  const outcome = OUTCOMES[result.outcome] || result.outcome;
  if (result.winner === null) return `${outcome}: nobody scores`;
  return `${outcome}: ${who(result.winner)} ${result.winner === me ? "score" : "scores"} ${result.points}`;
}

function drawResults(game) {
  const rows = game.results.map((r, i) => el("tr", {},
    el("td", {}, String(i + 1)), el("td", {}, OUTCOMES[r.outcome] || r.outcome),
    el("td", {}, r.winner === null ? "\u2014" : who(r.winner)), el("td", {}, String(r.points))));
  $("results").tBodies[0].replaceChildren(...rows);
  const settlement = $("settlement");
  settlement.hidden = !game.is_over;
  if (!game.is_over) return;
  const line = (p) => {
    const s = game.result.breakdown[p];
    return el("li", {}, `${Who(p)}: ${game.result.totals[p]} = ${s.round_points} round points + ${s.boxes} boxes (${s.rounds_won} rounds won) + ${s.game_bonus} game bonus${s.shutout ? " (shutout)" : ""}`);
  };
  settlement.replaceChildren(el("h3", {}, "Final score"), el("ul", {}, line(me), line(1 - me)));
}

function drawLastRound(game, finished) {
  const overlay = $("last-round");
  if (finished === null || game.results.length <= acknowledged) {
    overlay.hidden = true;
    return;
  }
  const result = finished.result;
  $("last-title").textContent = `Round ${game.results.length}: ${resultText(result)}`;
  const deadwood = result.deadwood === null ? ""
    : ` Deadwood: you ${result.deadwood[me]}, the opponent ${result.deadwood[1 - me]}.`;
  const knocked = result.knocker === null ? ["Nobody knocked."]
    : finished.knock_card === null ? [`${Who(result.knocker)} knocked.`]
      : [`${Who(result.knocker)} knocked, discarding `, logCard(finished.knock_card), " face down."];
  $("last-summary").replaceChildren(...knocked, deadwood,
    result.multiplier > 1 ? ` Points multiplied by ${result.multiplier}.` : "");
  $("last-hand").replaceChildren(...finished.hand.map((c) => cardEl(c, { small: true })));
  const opponent = finished.opponent_hand;
  $("last-opponent").replaceChildren(...(opponent === null ? [el("span", {}, "not shown")]
    : opponent.map((c) => cardEl(c, { small: true }))));
  $("last-spread-area").hidden = finished.spread.length === 0;
  $("last-spread").replaceChildren(...meldItems(finished.spread, finished.layoffs));
  $("next-round").textContent = game.is_over ? "See the final score" : "Next round";
  overlay.hidden = false;
}

// ---------------------------------------------------------------- controls

function setUp() {
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const mode = document.querySelector('input[name="mode"]:checked').value;
    send({ op: "new", mode, preset: $("preset").value, bot: $("bot").value });
  });
  $("join-game").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ op: "join", game: $("join-id").value.trim() });
  });
  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation-input").value.trim();
    if (text) act(text);
    $("notation-input").value = "";
  });
  $("next-round").addEventListener("click", () => {
    acknowledged = frame.view.data.results.length;
    render();
  });
  connect();
}

setUp();
