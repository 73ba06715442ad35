// The page's one set of DOM helpers: find an element by id, make one with its properties and children, and set a
// text only when it changed (a screen reader hears a live region again only when its text really changes), and
// keep a list's elements across renders.

/** The element with this id, or null. */
export const $ = (id) => document.getElementById(id);

/**
 * A new element: `h("button", {type: "button", className: "pick", dataset: {testid: "pick-1"}}, "Ana")`.
 * `props` keys are set as properties, except `dataset` (merged), `attrs` (set as attributes) and `on`
 * (event listeners by name); children are nodes or text, and null, false or undefined are left out.
 */
export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "attrs") for (const [name, text] of Object.entries(value)) node.setAttribute(name, text);
    else if (key === "on") for (const [name, listener] of Object.entries(value)) node.addEventListener(name, listener);
    else node[key] = value;
  }
  for (const child of children.flat()) if (child != null && child !== false) node.append(child);
  return node;
}

/** Sets `node`'s text if it differs. */
export function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

/** Shows or hides `node` (the `hidden` attribute). */
export function show(node, shown) {
  if (node && node.hidden === !!shown) node.hidden = !shown;
}

/** Makes `parent`'s children one element per item of `items`, in order, keeping the element already there for an
 * item's key (`key(item)`, kept as `data-key`); an item new to the list gets `make(item)`, every element is brought
 * up to date with `update(element, item)`, and anything else in `parent` (a line of text) goes. A name pressed
 * while the list is drawn again is still the name released, so the tap is not lost. */
export function keyedChildren(parent, items, key, make, update) {
  const kept = new Map();
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.ELEMENT_NODE && child.dataset.key !== undefined) kept.set(child.dataset.key, child);
    else child.remove();
  }
  let at = parent.firstElementChild;
  for (const item of items) {
    const name = String(key(item));
    let node = kept.get(name);
    if (node) kept.delete(name);
    else {
      node = make(item);
      node.dataset.key = name;
    }
    update(node, item);
    if (node === at) at = at.nextElementSibling;
    else parent.insertBefore(node, at);
  }
  for (const node of kept.values()) node.remove();
}

/** Makes the elements of `tree`, markup written as data — `[tag, {attribute: value}, ...children]`, children trees or
 * text, or a list of such trees — and appends them to `parent`; returns the first element made. No string is ever
 * parsed as HTML. */
export function mountTree(parent, tree) {
  const build = (node) => {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attrs, ...children] = node;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    for (const child of children) element.append(build(child));
    return element;
  };
  const made = (typeof tree[0] === "string" ? [tree] : tree).map(build);
  parent.append(...made);
  return made[0];
}

/** Opens `dialog` and resolves with what `pick(button)` makes of the button tapped inside `group`, or null for
 * Cancel (`cancel`), Escape or a close; the focus starts on `first` (or on Cancel). */
export function choose(dialog, group, cancel, pick, first) {
  return new Promise((resolve) => {
    const done = (answer) => {
      group.onclick = null; cancel.onclick = null; dialog.oncancel = null; dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    group.onclick = (event) => {
      const b = event.target.closest("button");
      if (b && !b.disabled && group.contains(b)) done(pick(b));
    };
    cancel.onclick = () => done(null);
    // Escape. The dialog's close event comes later, as a task: one left over from a dialog closed just before must
    // not close this one, so only a close that left the dialog shut counts.
    dialog.oncancel = (event) => { event.preventDefault(); done(null); };
    dialog.onclose = () => { if (!dialog.open) done(null); };
    dialog.showModal();
    (first || cancel).focus();
  });
}
