// The roster screen's markup (roster.js, playerdialog.js): the players in their groups with a new player's name to
// add, and the dialog of one player (rename, same person as…, delete). Words come from the catalog (data-i18n).

const group = (id, title, hint) => ["fieldset", {class: "picks roster-group", "data-testid": id, id: id},
  ["legend", {}, ["span", {"data-i18n": title}], ["span", {"data-testid": id + "-count", id: id + "-count"}]],
  ["p", {class: "roster-hint", "data-i18n": hint}],
  ["ul", {class: "roster-list", "data-testid": id + "-list", id: id + "-list"}]];

export const rosterView = ["section", {class: "setup roster", "data-testid": "roster", id: "roster", "aria-labelledby": "roster-title", hidden: ""},
  ["h2", {id: "roster-title", "data-i18n": "roster.title"}],
  ["form", {class: "guest-row roster-add", "data-testid": "roster-add", id: "roster-add"},
    ["input", {type: "text", maxlength: "40", autocomplete: "off", enterkeyhint: "done",
      "data-i18n-attr": "placeholder:roster.newName;aria-label:roster.newName", "data-testid": "roster-name", id: "roster-name"}],
    ["button", {type: "submit", class: "primary", "data-testid": "btn-roster-add", id: "btn-roster-add", "data-i18n": "roster.add"}]],
  group("roster-new", "roster.newTitle", "roster.newHint"),
  group("roster-regulars", "roster.regulars", "roster.regularsHint"),
  group("roster-guests", "roster.guests", "roster.guestsHint"),
  ["div", {class: "actions"},
    ["button", {type: "button", "data-testid": "btn-roster-back", id: "btn-roster-back", "data-i18n": "common.back"}]]];

export const playerDialog = ["dialog", {class: "player-dialog", "data-testid": "dialog-player", id: "dialog-player", "aria-labelledby": "player-title"},
  ["h2", {"data-testid": "player-title", id: "player-title"}],
  ["p", {class: "player-about", "data-testid": "player-about", id: "player-about"}],
  ["form", {class: "player-part", "data-testid": "player-rename", id: "player-rename"},
    ["label", {for: "player-name", "data-i18n": "roster.name"}],
    ["div", {class: "guest-row"},
      ["input", {type: "text", maxlength: "40", autocomplete: "off", required: "", "data-testid": "player-name", id: "player-name"}],
      ["button", {type: "submit", "data-testid": "btn-player-rename", id: "btn-player-rename", "data-i18n": "roster.rename"}]]],
  ["div", {class: "player-part", "data-testid": "player-merge-part", id: "player-merge-part"},
    ["label", {for: "player-merge", "data-i18n": "roster.sameAs"}],
    ["p", {class: "roster-hint", id: "player-merge-hint", "data-i18n": "roster.sameAsHint"}],
    ["div", {class: "guest-row"},
      ["select", {"data-testid": "player-merge", id: "player-merge", "aria-describedby": "player-merge-hint"}],
      ["button", {type: "button", "data-testid": "btn-player-merge", id: "btn-player-merge", "data-i18n": "roster.merge"}]]],
  ["div", {class: "actions"},
    ["button", {type: "button", class: "danger", "data-testid": "btn-player-delete", id: "btn-player-delete", "data-i18n": "roster.delete"}],
    ["button", {type: "button", "data-testid": "btn-player-close", id: "btn-player-close", "data-i18n": "common.close"}]]];
