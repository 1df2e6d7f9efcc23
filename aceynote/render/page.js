// The game page's stepping: keys, buttons, move links and the address's #fragment.
// Every text from the record reaches the page through textContent, never as markup.
(() => {
  "use strict";
  const games = JSON.parse(document.getElementById("game-data").textContent).games;
  const several = games.length > 1;
  const byId = (id) => document.getElementById(id);
  const state = { game: 0, key: "0" };

  const fragment = (game, key) => (several ? `g${game + 1}-${key}` : key);

  // "#12", "#v3" (the first game) or "#g2-12" (game 2); null for anything else.
  function parse(hash) {
    let text = hash.replace(/^#/, "");
    try {
      text = decodeURIComponent(text);
    } catch (error) {
      return null;
    }
    const match = /^(?:g(\d+)-)?(v?\d+)$/.exec(text);
    if (match === null) return null;
    const game = match[1] === undefined ? 0 : Number(match[1]) - 1;
    if (!(game >= 0 && game < games.length)) return null;
    const key = match[2];
    return Object.prototype.hasOwnProperty.call(games[game].frames, key) ? { game, key } : null;
  }

  // A board is the shared base (frame, points, labels) with the position's own parts put in.
  function board(game, key) {
    const template = byId(`board-${game + 1}-${key}`);
    if (template !== null) {
      const drawing = byId("board-base").content.firstElementChild.cloneNode(true);
      const own = template.content.firstElementChild.cloneNode(true);
      drawing.append(...own.children);
      drawing.prepend(...drawing.querySelectorAll(":scope > title, :scope > desc"));
      return drawing;
    }
    const empty = document.createElement("p");
    empty.className = "no-board";
    empty.textContent = "No board: the game has no position to show.";
    return empty;
  }

  function findings(frame) {
    return frame.findings.map((finding) => {
      const item = document.createElement("li");
      item.className = `finding ${finding.severity}`;
      item.textContent = finding.hint ? `${finding.text} (${finding.hint})` : finding.text;
      return item;
    });
  }

  // The layout of a narrow screen (a phone), as the style sheet says it.
  const narrow = () => getComputedStyle(document.documentElement).getPropertyValue("--narrow").trim() === "1";

  // Bring a move into view, a third of the way down what shows of the moves: the move list's
  // own box where it scrolls (narrow screens), else the window; below the graph that stays at
  // the top of the moves. Never move what is already in view.
  function reveal(link) {
    const box = link.closest(".games");
    const scrolls = box.scrollHeight > box.clientHeight;
    const frame = scrolls ? box.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const graph = box.querySelector(".win-graph:not([hidden])");
    const top = Math.max(frame.top, 0, graph === null ? 0 : graph.getBoundingClientRect().bottom);
    const bottom = Math.min(frame.bottom, window.innerHeight);
    const place = link.getBoundingClientRect();
    if (place.top >= top && place.bottom <= bottom) return;
    const by = place.top - top - Math.max(0, bottom - top - place.height) / 3;
    if (scrolls) box.scrollTop += by;
    else window.scrollBy(0, by);
  }

  function mark(game, key) {
    for (const link of document.querySelectorAll("a.move.current")) {
      link.classList.remove("current");
      link.removeAttribute("aria-current");
    }
    const section = byId(`game-${game + 1}`);
    const link = section.querySelector(`a.move[data-key="${key}"]`);
    if (link !== null) {
      link.classList.add("current");
      link.setAttribute("aria-current", "step");
      reveal(link);
    }
  }

  // The analysis of the current segment: the equity its play lost and the best plays.
  const percent = (share) => `${(100 * share).toFixed(1)}%`;
  const signed = (value) => (value < 0 ? `\u2212${(-value).toFixed(3)}` : `+${value.toFixed(3)}`);

  function verdict(review, judged) {
    if (judged === undefined) {
      return review.source === "record"
        ? "No mark here in the record's analysis."
        : "Not analysed: the analysis stops before this segment.";
    }
    if (judged.forced) return "Forced: the only legal play.";
    const mark = judged.mark === null ? "" : ` (${judged.mark} ${judged.kind.replace("-", " ")})`;
    if (judged.loss < 0.0005) return "The best play was played.";
    const places = review.source === "record" ? 2 : 3;
    const why = judged.why ? `: it ${judged.why}` : "";
    return `This play lost ${judged.loss.toFixed(places)} equity${mark}${why}. Best:`;
  }

  function option(best, rank) {
    const item = document.createElement("li");
    const play = document.createElement("span");
    play.className = "play";
    play.textContent = best.play;
    item.append(play);
    if (best.win !== null) {
      const figures = document.createElement("span");
      figures.className = "figures";
      const diff = rank === 0 ? "" : `, ${signed(best.diff)}`;
      figures.textContent = `win ${percent(best.win)}, equity ${signed(best.equity)}${diff}`;
      item.append(" ", figures);
    }
    return item;
  }

  function review(game, key, frame) {
    const found = games[game].review;
    const panel = byId("review");
    panel.hidden = found === null || !/^[1-9][0-9]*$/.test(key);
    if (panel.hidden) return;
    byId("verdict").textContent = verdict(found, frame.review);
    const best = frame.review === undefined || frame.review.forced ? [] : frame.review.best;
    byId("best-plays").replaceChildren(...best.map(option));
  }

  // The graph of the game shown, its point at the current segment (none at the start or in a
  // variation).
  function graph(game, key) {
    for (const box of document.querySelectorAll(".win-graph")) {
      const own = box.dataset.game === String(game + 1);
      box.hidden = !own;
      if (!own) continue;
      const now = box.querySelector("circle.now");
      const spot = box.querySelector(`a[data-key="${key}"]`);
      for (const link of box.querySelectorAll("a.current")) link.classList.remove("current");
      now.setAttribute("visibility", spot === null ? "hidden" : "visible");
      if (spot === null) continue;
      spot.classList.add("current");
      now.setAttribute("cx", spot.dataset.x);
      now.setAttribute("cy", spot.dataset.y);
    }
  }

  function show(game, key) {
    const frame = games[game].frames[key];
    state.game = game;
    state.key = key;
    for (const section of document.querySelectorAll("section.game")) {
      section.hidden = section.dataset.game !== String(game + 1);
    }
    for (const link of document.querySelectorAll("#games a")) {
      const shown = link.dataset.game === String(game + 1);
      link.classList.toggle("current", shown);
      if (shown) byId("game-shown").textContent = link.textContent;
    }
    byId("board").replaceChildren(board(game, key));
    byId("current").textContent = frame.current;
    byId("setup").textContent = frame.setup;
    byId("setup-note").textContent = frame.note;
    byId("copy").disabled = frame.setup === "";
    byId("findings").replaceChildren(...findings(frame));
    byId("first").disabled = key === "0";
    byId("previous").disabled = frame.previous === null;
    byId("next").disabled = frame.next === null;
    byId("last").disabled = key === games[game].end;
    mark(game, key);
    review(game, key, frame);
    graph(game, key);
  }

  function go(key) {
    if (key === null || key === undefined) return;
    show(state.game, key);
    history.replaceState(null, "", `#${fragment(state.game, key)}`);
  }

  const frame = () => games[state.game].frames[state.key];
  const moves = {
    ArrowRight: () => frame().next,
    ArrowLeft: () => frame().previous,
    Home: () => "0",
    End: () => games[state.game].end,
  };

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!Object.prototype.hasOwnProperty.call(moves, event.key)) return;
    event.preventDefault();
    go(moves[event.key]());
  });
  byId("first").addEventListener("click", () => go(moves.Home()));
  byId("previous").addEventListener("click", () => go(moves.ArrowLeft()));
  byId("next").addEventListener("click", () => go(moves.ArrowRight()));
  byId("last").addEventListener("click", () => go(moves.End()));
  byId("copy").addEventListener("click", () => {
    const text = byId("setup").textContent;
    const selection = window.getSelection();
    selection.selectAllChildren(byId("setup"));
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  });
  // The list of games: open beside the board on a wide screen; on a phone folded, and
  // folded again once a game is chosen, so that its board shows.
  const list = byId("games");
  if (list !== null) {
    list.open = !narrow();
    list.addEventListener("click", (event) => {
      if (event.target.closest("a") !== null && narrow()) list.open = false;
    });
  }
  window.addEventListener("hashchange", () => {
    const place = parse(window.location.hash);
    if (place !== null) show(place.game, place.key);
  });

  const place = parse(window.location.hash) || { game: 0, key: "0" };
  show(place.game, place.key);
})();
