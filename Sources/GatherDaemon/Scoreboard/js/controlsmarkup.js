// The referee's match controls' markup (controls.js, referee.js): the button bar under the board and its dialogs,
// made when the control page loads its views. Words come from the catalog (data-i18n).

export const controlsBar = [
  ["button", {type: "button", "data-testid": "btn-toggle", id: "btn-toggle"}],
  ["button", {type: "button", class: "team-a", "data-testid": "btn-goal-a", id: "btn-goal-a"}],
  ["button", {type: "button", class: "team-b", "data-testid": "btn-goal-b", id: "btn-goal-b"}],
  ["button", {type: "button", "data-testid": "btn-undo", id: "btn-undo", "data-i18n": "controls.undo"}],
  ["button", {type: "button", "data-testid": "btn-add-time", id: "btn-add-time", "data-i18n": "controls.addTime"}],
  ["button", {type: "button", "data-testid": "btn-end-period", id: "btn-end-period"}],
  ["button", {type: "button", "data-testid": "btn-move", id: "btn-move", "data-i18n": "controls.move"}],
  ["button", {type: "button", class: "danger", "data-testid": "btn-end", id: "btn-end", "data-i18n": "controls.end"}]];

export const controlsDialogs = [
  ["dialog", {"data-testid": "dialog-scorer", id: "dialog-scorer", "aria-labelledby": "scorer-title"},
    ["h2", {id: "scorer-title"}],
    ["div", {class: "choices", "data-testid": "scorer-choices", id: "scorer-choices", role: "group", "aria-labelledby": "scorer-title"}],
    ["div", {class: "actions"},
      ["button", {type: "button", "data-testid": "scorer-cancel", id: "scorer-cancel", "data-i18n": "common.cancel"}]]],
  ["dialog", {"data-testid": "dialog-add-time", id: "dialog-add-time", "aria-labelledby": "add-time-title"},
    ["h2", {id: "add-time-title", "data-i18n": "controls.addTimeTitle"}],
    ["div", {class: "choices", "data-testid": "add-time-choices", id: "add-time-choices", role: "group", "aria-labelledby": "add-time-title"},
      ["button", {type: "button", "data-testid": "add-30", "data-seconds": "30"}, "+0:30"],
      ["button", {type: "button", "data-testid": "add-60", "data-seconds": "60"}, "+1:00"],
      ["button", {type: "button", "data-testid": "add-120", "data-seconds": "120"}, "+2:00"],
      ["button", {type: "button", "data-testid": "add-180", "data-seconds": "180"}, "+3:00"],
      ["button", {type: "button", "data-testid": "add-300", "data-seconds": "300"}, "+5:00"]],
    ["div", {class: "actions"},
      ["button", {type: "button", "data-testid": "add-time-cancel", id: "add-time-cancel", "data-i18n": "common.cancel"}]]],
  ["dialog", {"data-testid": "dialog-move", id: "dialog-move", "aria-labelledby": "move-title"},
    ["h2", {id: "move-title"}],
    ["div", {class: "move-players", "data-testid": "move-players", id: "move-players"}],
    ["div", {class: "choices", "data-testid": "move-places", id: "move-places", role: "group", "aria-labelledby": "move-title", hidden: ""},
      ["button", {type: "button", class: "team-a", "data-testid": "move-to-teamA", "data-team": "teamA"}],
      ["button", {type: "button", class: "team-b", "data-testid": "move-to-teamB", "data-team": "teamB"}],
      ["button", {type: "button", "data-testid": "move-to-bench", "data-team": "bench"}]],
    ["div", {class: "actions"},
      ["button", {type: "button", "data-testid": "move-cancel", id: "move-cancel", "data-i18n": "common.cancel"}]]]];
