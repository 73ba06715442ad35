// The result card (docs/scoreboard.md, "Sharing the result"): gather.report's score, scorers, man of the match
// and next plan drawn on a 1080 × 1080 canvas in the board's dark colours, the same on every screen and in the
// image shared, whatever the page's own theme; its words in the page's language (`t`, `f`: i18n.js).

import { nextLine } from "./reporttext.js";
import { sideName } from "./teams.js";

const SIZE = 1080;
const MARGIN = 72;
const COLOURS = {
  bg: "#0b0f14", panel: "#151b23", fg: "#f3f6f9", muted: "#a9b4c0", line: "#2b3542",
  teamA: "#5cc8ff", teamB: "#ffb65c", accent: "#7ee787",
};

/** The page's own font stack, so that the card reads like the board. */
function fontFamily() {
  return getComputedStyle(document.body).fontFamily || "system-ui, sans-serif";
}

/** Sets the largest font from `size` down to `min` at which `text` fits `width`; returns the size. */
function fit(ctx, text, width, size, min, weight) {
  let px = size;
  for (; px > min; px -= 2) {
    ctx.font = weight + " " + px + "px " + fontFamily();
    if (ctx.measureText(text).width <= width) return px;
  }
  ctx.font = weight + " " + min + "px " + fontFamily();
  return min;
}

/** `text` cut with an ellipsis to fit `width` in the current font. */
function clip(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(cut + "\u2026").width > width) cut = cut.slice(0, -1);
  return cut + "\u2026";
}

/** `text` broken into lines of at most `width` in the current font, at spaces. */
function wrap(ctx, text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? line + " " + word : word;
    if (line && ctx.measureText(next).width > width) { lines.push(line); line = word; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The sides' names, both at one size as on the board: one line each when they fit at 56 px or more, else up to
 * two lines each; returns each name's lines and the size. */
function nameLines(ctx, names, width) {
  const one = Math.min(...names.map((name) => fit(ctx, name, width, 84, 56, "800")));
  const fitsOne = names.every((name) => { ctx.font = "800 " + one + "px " + fontFamily(); return ctx.measureText(name).width <= width; });
  if (fitsOne) return { px: one, lines: names.map((name) => [name]) };
  for (let px = 64; px >= 36; px -= 2) {
    ctx.font = "800 " + px + "px " + fontFamily();
    const lines = names.map((name) => wrap(ctx, name, width));
    if (lines.every((l) => l.length <= 2 && l.every((line) => ctx.measureText(line).width <= width))) return { px, lines };
  }
  ctx.font = "800 36px " + fontFamily();
  return { px: 36, lines: names.map((name) => wrap(ctx, name, width).slice(0, 2)) };
}

/** Each side's scorers as lines: "Fatima 12', 30'". */
function scorerLines(scorers, t) {
  return (scorers || []).map((s) => (s.name || t("board.unknownScorer")) + " " + (s.minutes || []).join(", "));
}

/** The size both sides' scorers are drawn at: from 44 px down to 28 until every line fits its column of `width`
 * and each side's lines fit between `top` and `bottom`. */
function scorerSize(ctx, sides, top, bottom, width) {
  let px = 44;
  const fits = () => {
    ctx.font = "500 " + px + "px " + fontFamily();
    return sides.every((lines) => top + lines.length * px * 1.3 <= bottom &&
      lines.every((line) => ctx.measureText(line).width <= width));
  };
  while (px > 28 && !fits()) px -= 2;
  return px;
}

/** One side's scorer lines at `px` in a column of `width` from `top`, at most `bottom`; a line still too long is
 * cut, and lines that do not fit end with "+N more". */
function drawScorers(ctx, lines, px, x, top, bottom, width, align, t) {
  const fitting = Math.max(1, Math.floor((bottom - top) / (px * 1.3)));
  const more = (count) => t("report.more", { count: count });
  const shown = lines.length > fitting ? lines.slice(0, fitting - 1).concat([more(lines.length - fitting + 1)]) : lines;
  ctx.font = "500 " + px + "px " + fontFamily();
  ctx.textAlign = align;
  ctx.fillStyle = COLOURS.fg;
  shown.forEach((line, i) => ctx.fillText(clip(ctx, line, width), x, top + (i + 1) * px * 1.3 - px * 0.3));
}

/** Draws `report` (gather.report's answer) on `canvas`. */
export function drawCard(canvas, report, t, f) {
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext("2d");
  const names = { teamA: sideName(report.names, "teamA", t), teamB: sideName(report.names, "teamB", t) };
  const half = (SIZE - 2 * MARGIN) / 2;
  ctx.fillStyle = COLOURS.bg;
  ctx.fillRect(0, 0, SIZE, SIZE);
  // The sides' colours along the top.
  ctx.fillStyle = COLOURS.teamA;
  ctx.fillRect(0, 0, SIZE / 2, 18);
  ctx.fillStyle = COLOURS.teamB;
  ctx.fillRect(SIZE / 2, 0, SIZE / 2, 18);
  // Full time, and the day.
  ctx.textBaseline = "alphabetic";
  ctx.fillStyle = COLOURS.muted;
  ctx.font = "700 40px " + fontFamily();
  ctx.textAlign = "left";
  ctx.fillText(t("report.cardFullTime"), MARGIN, 110);
  ctx.textAlign = "right";
  ctx.fillText(f.day(report.endedAt), SIZE - MARGIN, 110);
  // The names over their scores, both at one size; a long one on two lines.
  const centreA = MARGIN + half / 2, centreB = SIZE - MARGIN - half / 2;
  ctx.textAlign = "center";
  const shown = nameLines(ctx, [names.teamA, names.teamB], half - 24);
  ctx.font = "800 " + shown.px + "px " + fontFamily();
  [[centreA, COLOURS.teamA], [centreB, COLOURS.teamB]].forEach(([centre, colour], side) => {
    const lines = shown.lines[side];
    ctx.fillStyle = colour;
    lines.forEach((line, i) => {
      ctx.fillText(clip(ctx, line, half - 24), centre, 250 - (lines.length - 1 - i) * shown.px * 1.1);
    });
  });
  ctx.fillStyle = COLOURS.fg;
  ctx.font = "800 280px " + fontFamily();
  ctx.fillText(String(report.score.teamA), centreA, 540);
  ctx.fillText(String(report.score.teamB), centreB, 540);
  ctx.fillStyle = COLOURS.muted;
  ctx.font = "700 160px " + fontFamily();
  ctx.fillText("\u2013", SIZE / 2, 500);
  // The scorers under their side, then the man of the match and the next plan at the foot.
  const foot = [];
  const best = report.manOfTheMatch;
  if (best && best.length) foot.push([t("report.motm", { names: f.list(best.map((m) => m.name)) }), COLOURS.accent]);
  else if (report.vote) foot.push([t("report.voteBy", { when: f.wall(report.vote.closesAtLocal) }), COLOURS.accent]);
  const next = nextLine(report.next, t, f);
  ctx.font = "500 40px " + fontFamily();
  for (const line of next ? wrap(ctx, next, SIZE - 2 * MARGIN).slice(0, 2) : []) foot.push([line, COLOURS.muted]);
  const footTop = SIZE - 90 - foot.length * 54;
  const scorers = report.scorers || {};
  const sides = [scorerLines(scorers.teamA, t), scorerLines(scorers.teamB, t)];
  const px = scorerSize(ctx, sides, 600, footTop - 20, half - 20);
  drawScorers(ctx, sides[0], px, MARGIN, 600, footTop - 20, half - 20, "left", t);
  drawScorers(ctx, sides[1], px, SIZE - MARGIN, 600, footTop - 20, half - 20, "right", t);
  if (foot.length) {
    ctx.fillStyle = COLOURS.line;
    ctx.fillRect(MARGIN, footTop - 10, SIZE - 2 * MARGIN, 2);
  }
  ctx.textAlign = "left";
  foot.forEach(([line, colour], i) => {
    ctx.font = (colour === COLOURS.accent ? "700 " : "500 ") + "40px " + fontFamily();
    ctx.fillStyle = colour;
    ctx.fillText(clip(ctx, line, SIZE - 2 * MARGIN), MARGIN, footTop + 44 + i * 54);
  });
  ctx.fillStyle = COLOURS.muted;
  ctx.font = "600 30px " + fontFamily();
  ctx.textAlign = "right";
  ctx.fillText("gatherd", SIZE - MARGIN, SIZE - 40);
}
