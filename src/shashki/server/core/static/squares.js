// The squares of a position, one parser for every page that draws a board (the game page,
// board.js; the analysis board, analysis.js): the pieces of a FEN and a square's name in
// the variant's notation. ``names`` is the server's list of square names, square 1 first
// ("c3" on 8x8, "22" on 10x10).
"use strict";
window.shashkiSquares = {
  name(names, sq) { return (names && names[sq - 1]) || String(sq); },
  // The pieces of a FEN ("W:W21,22,K5:B1-3" or "W:Wc1,e1:Bf8"): square -> "wm", "wk",
  // "bm", "bk".
  piecesOf(fen, names) {
    const out = new Map();
    const num = (t) => /^\d+$/.test(t) ? Number(t) : (names || []).indexOf(t) + 1;
    for (const part of fen.split(":").slice(1)) {
      const side = part[0].toLowerCase();
      for (let tok of part.slice(1).split(",")) {
        tok = tok.trim();
        if (!tok) continue;
        const king = tok[0] === "K";
        if (king) tok = tok.slice(1);
        const range = tok.split("-");
        const a = num(range[0]), b = range.length > 1 ? num(range[1]) : a;
        for (let s = a; s <= b; s++) out.set(s, side + (king ? "k" : "m"));
      }
    }
    return out;
  },
};
