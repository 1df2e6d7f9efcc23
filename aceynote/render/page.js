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

  // Bring a move into view: within the move list's own box where it scrolls (narrow
  // screens), else in the window; never move what is already in view.
  function reveal(link) {
    const box = link.closest(".games");
    if (box !== null && box.scrollHeight > box.clientHeight) {
      const top = link.offsetTop;
      const bottom = top + link.offsetHeight;
      if (top < box.scrollTop) box.scrollTop = top - 8;
      else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
      return;
    }
    const place = link.getBoundingClientRect();
    if (place.top < 0 || place.bottom > window.innerHeight) link.scrollIntoView({ block: "nearest" });
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

  function show(game, key) {
    const frame = games[game].frames[key];
    state.game = game;
    state.key = key;
    for (const section of document.querySelectorAll("section.game")) {
      section.hidden = section.dataset.game !== String(game + 1);
    }
    for (const link of document.querySelectorAll("#games a")) {
      link.classList.toggle("current", link.dataset.game === String(game + 1));
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
  window.addEventListener("hashchange", () => {
    const place = parse(window.location.hash);
    if (place !== null) show(place.game, place.key);
  });

  const place = parse(window.location.hash) || { game: 0, key: "0" };
  show(place.game, place.key);
})();
