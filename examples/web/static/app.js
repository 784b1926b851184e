// The gin rummy page: plain JavaScript, no build step.
//
// It talks to examples/web/server.py over one websocket. Every "state" frame holds this
// player's view of the game (a ginrummy GameView document), its view of the last finished
// round (a PlayerView document), and the front-end kit's hints for both ("table" and "last":
// the hand in its best melds, the deadwood after each legal discard, what knocking would
// leave, which card fits which meld, the log in words, a finished round laid out). The page
// draws only what those hold and sends actions in the library's notation ("s", "t", "p",
// "d Kh", "k Kh", "bg", "l 8h 0", "e"). Its "deal" is the table's fair deals: the commitment
// to the deck of the round in play, shown before the round, and the deck and salt of the last
// round over, which the page checks against the commitment it was shown (SHA-256 in the
// browser: the same check as ginrummy.verify_deal and `ginrummy verify`).
"use strict";

const GLYPHS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const RANKS = "A23456789TJQK";
const SUITS = "cdhs";
const OUTCOMES = {
  knock: "knock", undercut: "undercut", gin: "gin", "big-gin": "big gin",
  "dead-hand": "dead hand", void: "void round",
};
const ORDERS = ["melds", "suit", "rank", "mine"];

let socket = null;
let me = null;          // this client's seat, 0 or 1
let gameId = null;
let mode = null;        // "bot" or "people"
let opponentName = "";
let frame = null;       // the last state frame
let acknowledged = 0;   // finished rounds whose end this person has closed
let retries = 0;
let order = "melds";    // how the hand is laid out
let mine = [];          // the person's own order of the hand ("mine")
let focused = null;     // the card the keys act on
let previousHand = [];  // the hand drawn last time, to mark a new card
const commitments = {};  // round number -> the commitment this page was shown while it was played

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

function isRed(text) {
  return "hd".includes(text[1]);
}

function cardEl(text, { action = null, extra = "", small = false, title = null } = {}) {
  const classes = ["card", isRed(text) ? "red" : "black", small ? "small" : "", extra];
  const props = { className: classes.filter(Boolean).join(" "), dataset: { card: text } };
  if (action === null) return el("span", props, cardLabel(text));
  props.dataset.action = action;
  props.type = "button";
  props.title = title || `discard ${cardLabel(text)}`;
  props.onclick = () => act(action);
  return el("button", props, cardLabel(text));
}

function backEl(small = false) {
  return el("span", { className: small ? "card back small" : "card back", "aria-label": "face-down card" });
}

function logCard(text) {
  return el("span", { className: isRed(text) ? "log-card red" : "log-card", dataset: { card: text } },
    cardLabel(text));
}

function who(player) {
  return player === me ? "you" : opponentName;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
      if (message.deal.commitment !== null && !(message.deal.number in commitments)) {
        commitments[message.deal.number] = message.deal.commitment;
      }
      render();
      document.body.dataset.step = String(message.step);
      return undefined;
    case "review":
      $("review").replaceChildren(...message.lines.map((line) => el("span", { className: "hint-line" }, line)));
      $("review").dataset.round = String(message.round);
      $("review-round").disabled = false;
      return undefined;
    case "hint":
      if (frame !== null && message.step === frame.step) {
        $("hint").replaceChildren(...message.lines.map((line) => el("span", { className: "hint-line" }, line)));
      }
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
    const levels = new Map((message.levels || []).map((level) => [level.bot, level]));
    const library = el("optgroup", { label: "bots" });
    const graded = el("optgroup", { label: "levels (rating under pagat)" });
    for (const name of message.bots) {
      const level = levels.get(name);
      const label = level ? `level ${level.number}, ${level.name}` + (level.rating === null ? "" : ` (${level.rating})`) : name;
      (level ? graded : library).append(el("option", { value: name }, label));
    }
    bots.append(library);
    if (graded.children.length) bots.append(graded);
    if (message.presets.includes("pagat")) presets.value = "pagat";
    if (message.bots.includes("adaptive")) bots.value = "adaptive";  // gr.DEFAULT_BOT, as the command line
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
  mode = message.mode;
  opponentName = message.opponent === "person" ? "the other person" : `the ${message.opponent} bot`;
  sessionStorage.setItem(`ginrummy:${gameId}`, message.token);
  acknowledged = Number(sessionStorage.getItem(`ginrummy:${gameId}:seen`) || "0");
  $("lobby").hidden = true;
  $("error").hidden = true;
  $("table").hidden = false;
  $("game-id").textContent = gameId;
  $("opponent-name").textContent = capital(opponentName);
  const link = `${location.origin}/?game=${encodeURIComponent(gameId)}`;
  $("share-link").textContent = link;
  $("share-link").href = link;
  $("share").hidden = message.mode !== "people";
  if (history.replaceState) history.replaceState(null, "", `/?game=${encodeURIComponent(gameId)}`);
}

// ---------------------------------------------------------------- what to draw

// While a round's end waits for this person (the server pauses a game against a bot; between
// two people the page holds it), the board shows that finished round, not the next deal.
function showingEnd() {
  const game = frame.view.data;
  return frame.finished !== null && (frame.paused || game.results.length > acknowledged || game.is_over);
}

function render() {
  const game = frame.view.data;
  const ended = showingEnd();
  const view = ended ? frame.finished.data : game.round;
  const hints = ended ? frame.last : frame.table;
  document.body.dataset.showing = ended ? "finished" : "round";
  const rules = game.rules;
  $("rules-name").textContent = rules.name;
  $("target").textContent = String(rules.target);
  $("knock-limit").textContent = view.knock_limit === 0 ? "0 (gin only)" : String(view.knock_limit);
  $("scores").textContent = `Score: you ${game.scores[me]}, ${opponentName} ${game.scores[1 - me]}`;
  const columns = game.result.columns;
  $("columns").hidden = columns.length === 0;
  $("columns").textContent = columns.length === 0 ? "" : "Hollywood columns: " + columns
    .map((c, i) => `game ${i + 1}: you ${c.breakdown[me].round_points}, ${opponentName} ${c.breakdown[1 - me].round_points}`)
    .join("; ");
  $("status").textContent = statusText(game, view, ended);
  drawFairDeal(ended);
  $("hint-area").hidden = mode !== "bot" || ended || game.is_over || view.to_act !== me;
  if ($("hint").dataset.step !== String(frame.step)) {
    $("hint").replaceChildren();
    $("hint").dataset.step = String(frame.step);
  }
  const legal = ended ? [] : view.legal_actions;
  drawOpponent(view);
  drawPiles(view);
  drawSpread(view, hints, legal);
  drawHand(view, hints, legal);
  drawKnockHint(view, hints, legal);
  drawActions(view, hints, legal);
  $("log").replaceChildren(...hints.log.slice().reverse().map((line) => el("li", {}, ...words(line))));
  drawResults(game);
  drawLastRound(game, ended);
}

function statusText(game, view, ended) {
  if (frame.waiting) return `Waiting for ${opponentName} to join: give them the game id or the link.`;
  if (game.is_over) {
    const winner = game.result.winner;
    return winner === null ? "Game over: a drawn game." : `Game over: ${who(winner)} won.`;
  }
  if (ended) return `Round ${game.results.length} is over: see the result, then deal the next round.`;
  if (view.to_act !== me) return `Waiting for ${opponentName}…`;
  switch (view.phase) {
    case "upcard-offer": return "Your turn: take the upcard or pass.";
    case "draw": return "Your turn: draw from the stock or take the top of the discard pile.";
    case "discard": return "Your turn: click a card to discard it, or knock.";
    case "layoff": return "Lay off the cards that fit the knocker's melds, then click Done.";
    default: return "";
  }
}

// A line of the log, its cards drawn in colour.
function words(line) {
  const parts = [];
  const pattern = /(10|[A2-9JQK])([\u2663\u2666\u2665\u2660])/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    parts.push(line.slice(last, match.index));
    const card = (match[1] === "10" ? "T" : match[1]) + SUITS["\u2663\u2666\u2665\u2660".indexOf(match[2])];
    parts.push(logCard(card));
    last = match.index + match[0].length;
  }
  parts.push(line.slice(last));
  parts[0] = capital(parts[0]);
  return parts;
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

// The spread, meld by meld: the cards laid off outlined; on the defender's layoffs, a button
// for each card of the hand that fits the meld.
function drawSpread(view, hints, legal) {
  $("spread-area").hidden = view.knocker === null;
  if (view.knocker === null) {
    $("spread").replaceChildren();
    return;
  }
  const laid = new Set(view.layoffs.map(([card]) => card));
  $("spread-title").textContent = `${capital(who(view.knocker))} knocked: the spread`
    + " (meld numbers for layoffs; laid-off cards outlined)";
  const fits = (meld) => Object.entries(hints.layoffs)
    .filter(([card, melds]) => melds.includes(meld) && legal.includes(`l ${card} ${meld}`))
    .map(([card]) => card);
  $("spread").replaceChildren(...view.spread.map((meld, index) => {
    const cards = el("span", { className: "cards" },
      ...meld.map((c) => cardEl(c, { small: true, extra: laid.has(c) ? "laid" : "" })));
    const buttons = fits(index).map((card) => el("button", {
      type: "button", className: "layoff", dataset: { action: `l ${card} ${index}` },
      onclick: () => act(`l ${card} ${index}`), title: `lay ${cardLabel(card)} off onto meld ${index}`,
    }, "lay off ", logCard(card)));
    return el("li", {}, cards, ...(buttons.length ? [el("span", { className: "fits" }, ...buttons)] : []));
  }));
}

function cardKey(text) {
  return [SUITS.indexOf(text[1]), RANKS.indexOf(text[0])];
}

// The hand in the chosen order: its best melds then the deadwood ("melds"), by suit, by rank,
// or the person's own order ("mine": drag a card, or Shift+arrows).
function handGroups(view, hints) {
  const hand = view.hand;
  const arrangement = hints.arrangement;
  if (order === "melds") {
    return [...arrangement.melds.map((meld) => ({ kind: "meld", cards: meld })),
      { kind: "deadwood", cards: arrangement.deadwood }];
  }
  let cards = hand.slice();
  if (order === "suit") cards.sort((a, b) => cardKey(a)[0] - cardKey(b)[0] || cardKey(a)[1] - cardKey(b)[1]);
  if (order === "rank") cards.sort((a, b) => cardKey(a)[1] - cardKey(b)[1] || cardKey(a)[0] - cardKey(b)[0]);
  if (order === "mine") {
    mine = mine.filter((c) => hand.includes(c)).concat(hand.filter((c) => !mine.includes(c)));
    cards = mine.slice();
  }
  return [{ kind: "all", cards }];
}

function drawHand(view, hints, legal) {
  const inMelds = new Set(hints.arrangement.melds.flat());
  const fresh = new Set(previousHand.length ? view.hand.filter((c) => !previousHand.includes(c)) : []);
  previousHand = view.hand.slice();
  const layable = new Set(Object.keys(hints.layoffs));
  const groups = handGroups(view, hints).filter((g) => g.cards.length);
  if (!view.hand.includes(focused)) focused = null;
  $("hand").replaceChildren(...groups.map((group) => el("div", {
    className: `group ${group.kind}`,
    "aria-label": group.kind === "meld" ? "a meld" : group.kind === "deadwood" ? "deadwood" : "your cards",
  }, ...group.cards.map((c) => {
    const discard = legal.includes(`d ${c}`) ? `d ${c}` : null;
    const extra = [
      c === view.taken ? "taken" : "",
      fresh.has(c) ? "new" : "",
      group.kind === "all" && inMelds.has(c) ? "in-meld" : "",
      layable.has(c) ? "fits" : "",
    ].filter(Boolean).join(" ");
    const node = cardEl(c, { action: discard, extra });
    if (discard === null) node.setAttribute("tabindex", "0");
    node.draggable = true;
    node.addEventListener("dragstart", (event) => event.dataTransfer.setData("text/plain", c));
    node.addEventListener("dragover", (event) => event.preventDefault());
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      moveCard(event.dataTransfer.getData("text/plain"), c);
    });
    node.addEventListener("focus", () => { focused = c; });
    return node;
  }))));
  const deadwood = hints.arrangement.points;
  $("deadwood").textContent = `deadwood ${deadwood}`;
  $("hand-hint").textContent = view.taken === null ? ""
    : `${cardLabel(view.taken)} was just taken and may not be discarded this turn.`;
  for (const button of document.querySelectorAll("#sorting .sort")) {
    button.setAttribute("aria-pressed", String(button.dataset.order === order));
  }
  if (focused !== null) {
    const node = document.querySelector(`#hand [data-card="${focused}"]`);
    if (node && document.activeElement !== node && document.activeElement === document.body) node.focus();
  }
}

// Put card `moved` where `target` is, in the person's own order.
function moveCard(moved, target) {
  const hand = frame.view.data.round.hand;
  if (order !== "mine") mine = handGroups({ hand }, frame.table).flatMap((g) => g.cards);
  order = "mine";
  const from = mine.indexOf(moved);
  const to = mine.indexOf(target);
  if (from < 0 || to < 0 || from === to) return;
  mine.splice(from, 1);
  mine.splice(to, 0, moved);
  focused = moved;
  render();
}

function drawKnockHint(view, hints, legal) {
  const knock = hints.knock;
  const limit = knock.limit === 0 ? "gin only" : `the limit is ${knock.limit}`;
  let text = "";
  if (view.phase === "discard" && view.to_act === me && legal.length) {
    if (knock.legal) {
      text = `Knocking now leaves ${knock.deadwood}${knock.deadwood === 0 ? " (gin)" : ""}`
        + ` with ${cardLabel(knock.card)} face down.`;
    } else if (knock.card !== null) {
      text = `Knock not yet: the least deadwood after a discard is ${knock.deadwood}; ${limit}.`;
    }
    if (hints.discards.length) {
      const [card, left] = hints.discards[0];
      text += ` Best discard: ${cardLabel(card)} (leaves ${left}).`;
    }
  } else if (view.phase === "draw" || view.phase === "upcard-offer") {
    text = `Your deadwood is ${knock.deadwood}; ${limit}.`;
  }
  $("knock-hint").textContent = text.trim();
}

function actionLabel(action, view, hints) {
  const [word, card] = action.split(" ");
  switch (word) {
    case "s": return ["Draw from the stock ", el("kbd", {}, "S")];
    case "t": return ["Take ", logCard(view.discard_pile[view.discard_pile.length - 1]), " ", el("kbd", {}, "T")];
    case "p": return ["Pass ", el("kbd", {}, "P")];
    case "k": return ["Knock, ", logCard(card), ` face down (leaves ${hints.knock_cards[card]})`];
    case "bg": return ["Big gin ", el("kbd", {}, "G")];
    case "e": return ["Done laying off ", el("kbd", {}, "E")];
    default: return [action];
  }
}

function drawActions(view, hints, legal) {
  const shown = legal.filter((a) => !a.startsWith("d ") && !a.startsWith("l "));
  const buttons = shown.map((a) => el("button", {
    type: "button", className: a.startsWith("k ") ? "knock" : "", dataset: { action: a }, onclick: () => act(a),
  }, ...actionLabel(a, view, hints)));
  if (mode === "bot" && !frame.view.data.is_over) {
    buttons.push(el("button", { type: "button", id: "undo", className: "secondary", onclick: undo },
      "Take back ", el("kbd", {}, "U")));
  }
  $("actions").replaceChildren(...buttons);
}

function undo() {
  $("refusal").hidden = true;
  send({ op: "undo" });
}

function counted(count, word, plural = word + "s") {
  return `${count} ${Math.abs(count) === 1 ? word : plural}`;
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
    return el("li", {}, `${capital(who(p))}: ${game.result.totals[p]} = ${counted(s.round_points, "round point")} + ${s.boxes} for ${counted(s.rounds_won, "box", "boxes")} + ${s.game_bonus} game bonus${s.shutout ? " (shutout)" : ""}`);
  };
  settlement.replaceChildren(el("h3", {}, "Final score"), el("ul", {}, line(me), line(1 - me)));
}

// A hand at the end of a round: its melds (the knocker's spread with the cards laid off onto
// each meld), then its deadwood and the points.
function endHand(end, player) {
  const hand = end.hands[player];
  const title = el("h3", {}, player === me ? "Your cards" : `${capital(opponentName)}'s cards`);
  if (hand === null) return el("div", { className: "end-hand" }, title, el("p", { className: "muted" }, "not shown"));
  const groups = [];
  if (player === end.knocker) {
    end.spread.forEach((meld, index) => {
      const laid = end.layoffs.filter(([, m]) => m === index).map(([c]) => c);
      groups.push(el("div", { className: "group meld" },
        ...meld.map((c) => cardEl(c, { small: true })),
        ...(laid.length ? [el("span", { className: "laid-label" }, "+ laid off:"),
          ...laid.map((c) => cardEl(c, { small: true, extra: "laid" }))] : [])));
    });
  } else {
    for (const meld of hand.melds) groups.push(el("div", { className: "group meld" }, ...meld.map((c) => cardEl(c, { small: true }))));
  }
  if (hand.deadwood.length) {
    groups.push(el("div", { className: "group deadwood" }, ...hand.deadwood.map((c) => cardEl(c, { small: true }))));
  }
  const note = player === end.knocker && end.knock_card !== null ? ["knock card ", logCard(end.knock_card), " · "] : [];
  return el("div", { className: "end-hand" }, title, el("div", { className: "hand" }, ...groups),
    el("p", { className: "small" }, ...note, `deadwood ${hand.points}`));
}

function drawLastRound(game, ended) {
  const overlay = $("last-round");
  if (!ended) {
    overlay.hidden = true;
    return;
  }
  const end = frame.last.end;
  $("last-title").textContent = `Round ${game.results.length}: ${capital(end.headline.split(": ")[0])}`;
  if ($("review").dataset.round !== String(game.results.length)) {
    $("review").replaceChildren();
    $("review").dataset.round = String(game.results.length);
    $("review-round").disabled = false;
  }
  $("last-explanation").textContent = capital(end.explanation) + ".";
  const hands = [endHand(end, me), endHand(end, 1 - me)];
  if (end.knocker !== null && end.knocker !== me) hands.reverse();
  $("last-hands").replaceChildren(...hands);
  $("next-round").textContent = game.is_over ? "See the final score" : "Next round";
  const wasHidden = overlay.hidden;
  overlay.hidden = false;
  if (wasHidden) $("next-round").focus();
}

// The commitment to the round in play, and the reveal of the round that ended.
function drawFairDeal(ended) {
  const deal = frame.deal;
  const playing = !ended && deal.commitment !== null;
  $("fair-deal").hidden = !playing;
  if (playing) {
    $("deal-number").textContent = String(deal.number);
    $("deal-commitment").textContent = deal.commitment;
  }
  const revealed = deal.revealed;
  const shown = ended && revealed !== null;
  if (shown && $("last-deal").dataset.number !== String(revealed.number)) {
    $("last-deal").dataset.number = String(revealed.number);
    $("last-commitment").textContent = commitments[revealed.number] || revealed.commitment;
    $("last-salt").textContent = revealed.salt;
    $("verify-result").textContent = "";
    delete $("verify-result").dataset.verified;
  }
  $("last-deal").hidden = !shown;
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Check the reveal against the commitment this page was shown before the round.
async function verifyDeal() {
  const revealed = frame.deal.revealed;
  const result = $("verify-result");
  if (revealed === null) return;
  const before = commitments[revealed.number];
  if (!(window.crypto && crypto.subtle)) {
    result.textContent = "This browser checks hashes only on https or localhost: `ginrummy verify` does it.";
    return;
  }
  const hash = await sha256Hex(`${revealed.salt} ${revealed.deck}`);
  if (before !== undefined && before !== revealed.commitment) {
    result.textContent = "NOT verified: the commitment revealed is not the one shown before the round.";
  } else if (hash !== revealed.commitment) {
    result.textContent = "NOT verified: the deck and salt revealed do not hash to the commitment.";
  } else if (before === undefined) {
    result.textContent = "Verified against the commitment revealed (this page joined after the round began).";
  } else {
    result.textContent = "Verified: the deck dealt is the one committed to before the round.";
  }
  result.dataset.verified = String(hash === revealed.commitment && (before === undefined || before === hash));
}

function nextRound() {
  const game = frame.view.data;
  if (!showingEnd()) return;
  acknowledged = game.results.length;
  sessionStorage.setItem(`ginrummy:${gameId}:seen`, String(acknowledged));
  if (frame.paused) send({ op: "next" });
  if (game.is_over) {
    $("last-round").hidden = true;
    document.body.dataset.showing = "round";
    return;
  }
  render();
}

// ---------------------------------------------------------------- keys

function legalNow() {
  return frame === null || showingEnd() ? [] : frame.view.data.round.legal_actions;
}

function handOrderNow() {
  return [...document.querySelectorAll("#hand [data-card]")].map((node) => node.dataset.card);
}

function focusCard(card) {
  focused = card;
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  if (node) node.focus();
}

function onKey(event) {
  if (event.target.closest && event.target.closest("input, select, textarea, summary")) return;
  if (frame === null || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const legal = legalNow();
  const cards = handOrderNow();
  const current = cards.includes(focused) ? focused : null;
  const tryAct = (action) => {
    if (!legal.includes(action)) return false;
    act(action);
    return true;
  };
  let done = false;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const step = key === "ArrowLeft" ? -1 : 1;
    const at = current === null ? (step > 0 ? -1 : cards.length) : cards.indexOf(current);
    const target = cards[Math.max(0, Math.min(cards.length - 1, at + step))];
    if (event.shiftKey && current !== null && target !== current) moveCard(current, target);
    focusCard(event.shiftKey && current !== null ? current : target);
    done = true;
  } else if (/^[0-9]$/.test(key)) {
    const index = key === "0" ? 9 : Number(key) - 1;
    if (index < cards.length) focusCard(cards[index]);
    done = true;
  } else {
    switch (key.toLowerCase()) {
      case "s": done = tryAct("s"); break;
      case "t": done = tryAct("t"); break;
      case "p": done = tryAct("p"); break;
      case "g": done = tryAct("bg"); break;
      case "e": done = tryAct("e"); break;
      case "d": case "enter": case "delete":
        if (key === "Enter" && showingEnd()) { nextRound(); done = true; break; }
        done = current !== null && tryAct(`d ${current}`);
        break;
      case "k": {
        const card = current !== null && legal.includes(`k ${current}`) ? current : frame.table.knock.card;
        done = card !== null && tryAct(`k ${card}`);
        break;
      }
      case "l": {
        const layoff = legal.find((a) => current !== null && a.startsWith(`l ${current} `));
        done = layoff !== undefined && tryAct(layoff);
        break;
      }
      case "n": if (showingEnd()) { nextRound(); done = true; } break;
      case "u": if (mode === "bot") { undo(); done = true; } break;
      case "o": order = ORDERS[(ORDERS.indexOf(order) + 1) % ORDERS.length]; render(); done = true; break;
      default: break;
    }
  }
  if (done) event.preventDefault();
}

// ---------------------------------------------------------------- set up

function setUp() {
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = document.querySelector('input[name="mode"]:checked').value;
    send({ op: "new", mode: chosen, preset: $("preset").value, bot: $("bot").value });
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
  $("next-round").addEventListener("click", nextRound);
  $("verify-deal").addEventListener("click", verifyDeal);
  $("review-round").addEventListener("click", () => {
    $("review-round").disabled = true;
    $("review").textContent = "Reviewing the round: each of your decisions against what you knew then…";
    send({ op: "review" });
  });
  $("hint-button").addEventListener("click", () => send({ op: "hint" }));
  for (const button of document.querySelectorAll("#sorting .sort")) {
    button.addEventListener("click", () => {
      if (button.dataset.order === "mine" && order !== "mine") {
        mine = handGroups({ hand: frame.view.data.round.hand }, frame.table).flatMap((g) => g.cards);
      }
      order = button.dataset.order;
      render();
    });
  }
  document.addEventListener("keydown", onKey);
  connect();
}

setUp();
