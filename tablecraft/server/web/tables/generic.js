// The fallback table for a game without its own: the seat's view as a readable tree (card notations drawn as
// cards, null in a list drawn as a face-down card) and every legal action as a button with its description.
// It reads only ctx.view and ctx.legal.

const CARD_RE = /^(?:(?:10|[2-9AJQKT])[SHCD]|JKR|JKB)$/;

function isCardList(value) {
  return Array.isArray(value) && value.length > 0 &&
    value.every((x) => x === null || (typeof x === "string" && CARD_RE.test(x)));
}

function label(key) {
  return String(key).replace(/_/g, " ");
}

function node(ctx, value, depth, path) {
  const { el, card } = ctx.svg;
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return el("span", {}, ctx.t(value ? "yes" : "no"));
  if (typeof value === "number") return el("span", { dataset: { key: path, value } }, String(value));
  if (typeof value === "string") {
    if (CARD_RE.test(value)) return card(value, { width: 40, lang: ctx.lang });
    return el("span", {}, value);
  }
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "[ ]");
    if (isCardList(value)) {
      return el("div", { class: "cards" }, value.map((c) => card(c, { width: 40, lang: ctx.lang })));
    }
    if (value.every((x) => x === null || typeof x !== "object")) {
      return el("span", {}, value.map((x) => (x === null ? "—" : String(x))).join(", "));
    }
    return el("ol", { start: 0 }, value.map((x, i) => el("li", {}, node(ctx, x, depth + 1, `${path}.${i}`))));
  }
  const entries = Object.entries(value);
  const dl = el("dl", {}, entries.flatMap(([k, v]) => [
    el("dt", {}, label(k)),
    el("dd", {}, node(ctx, v, depth + 1, `${path}.${k}`)),
  ]));
  if (depth >= 2 && entries.length > 6) {
    return el("details", {}, [el("summary", {}, `${entries.length} …`), dl]);
  }
  return dl;
}

/** Draw the view as a tree and the legal actions as buttons (see the contract in docs/web.md). */
export function renderTable(root, ctx) {
  const { el, button } = ctx.svg;
  root.appendChild(el("div", { class: "tree generic-table" }, node(ctx, ctx.view, 0, "view")));
  if (ctx.legal && ctx.legal.length) {
    root.appendChild(el("div", { class: "choices" }, [
      el("h3", {}, ctx.t("choices")),
      ctx.legal.map((c) => button(c.text || c.id, ctx.choose, { action: c.id, title: c.id })),
    ]));
  }
}
