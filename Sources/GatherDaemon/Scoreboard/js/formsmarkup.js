// The referee's forms between matches, made when the control page loads its views (organiser.js): starting a
// match from the players ticked (setup.js) and a plan made or changed (planform.js). Words come from the catalog.

export const setupForm = `
<form class="setup" data-testid="setup" id="setup" aria-labelledby="setup-title" hidden>
  <h2 id="setup-title"></h2>
  <fieldset class="picks">
    <legend><span data-i18n="setup.whoPlays"></span> <span data-testid="setup-count" id="setup-count"></span></legend>
    <div class="pick-list" data-testid="setup-players" id="setup-players"></div>
  </fieldset>
  <fieldset class="format">
    <legend data-i18n="setup.match"></legend>
    <label><span data-i18n="setup.periods"></span> <select data-testid="setup-periods" id="setup-periods">
      <option value="1">1</option><option value="2" selected>2</option><option value="3">3</option>
      <option value="4">4</option></select></label>
    <label><span data-i18n="setup.minutes"></span> <input type="number" inputmode="numeric" min="1" max="99" value="25" required
      data-testid="setup-length" id="setup-length"></label>
    <label><span data-i18n="setup.breakMinutes"></span> <input type="number" inputmode="numeric" min="0" max="30" value="5" required
      data-testid="setup-break" id="setup-break"></label>
    <label class="name"><span data-i18n="setup.nameA"></span> <input type="text" maxlength="24" autocomplete="off"
      data-testid="setup-name-a" id="setup-name-a"></label>
    <label class="name"><span data-i18n="setup.nameB"></span> <input type="text" maxlength="24" autocomplete="off"
      data-testid="setup-name-b" id="setup-name-b"></label>
  </fieldset>
  <section class="suggestion" data-testid="suggestion" id="suggestion" aria-live="polite" hidden>
    <div class="side team-a"><h3 data-testid="suggestion-name-a" id="suggestion-name-a"></h3>
      <ul data-testid="suggestion-a" id="suggestion-a"></ul></div>
    <div class="side team-b"><h3 data-testid="suggestion-name-b" id="suggestion-name-b"></h3>
      <ul data-testid="suggestion-b" id="suggestion-b"></ul></div>
    <p class="why" data-testid="suggestion-why" id="suggestion-why"></p>
  </section>
  <div class="actions">
    <button type="button" data-testid="btn-setup-cancel" id="btn-setup-cancel" data-i18n="common.cancel"></button>
    <button type="button" data-testid="btn-suggest" id="btn-suggest" data-i18n="setup.suggest"></button>
    <button type="button" data-testid="btn-resuggest" id="btn-resuggest" data-i18n="setup.again" hidden></button>
    <button type="button" class="primary" data-testid="btn-start" id="btn-start" data-i18n="setup.start" disabled></button>
  </div>
</form>`;

export const planForm = `
<form class="setup plan-form" data-testid="plan-form" id="plan-form" aria-labelledby="plan-form-title" hidden>
  <h2 id="plan-form-title"></h2>
  <fieldset class="format">
    <legend data-i18n="planForm.when"></legend>
    <label class="half"><span data-i18n="planForm.day"></span> <input type="date" required min="2000-01-01" max="2999-12-31"
      data-testid="plan-date" id="plan-date" aria-describedby="plan-zone"></label>
    <label class="half"><span data-i18n="planForm.time"></span> <input type="time" required data-testid="plan-time" id="plan-time"
      aria-describedby="plan-zone"></label>
    <p class="zone" data-testid="plan-zone" id="plan-zone"></p>
  </fieldset>
  <fieldset class="format">
    <legend data-i18n="planForm.whereHowMany"></legend>
    <label><span data-i18n="planForm.players"></span> <input type="number" inputmode="numeric" min="2" max="40" value="10" required
      data-testid="plan-capacity" id="plan-capacity"></label>
    <label class="wide"><span data-i18n="planForm.place"></span> <input type="text" maxlength="100" autocomplete="off"
      data-i18n-attr="placeholder:planForm.placeExample" data-testid="plan-place" id="plan-place"></label>
    <label class="full"><span data-i18n="planForm.note"></span> <textarea maxlength="500" rows="2"
      data-i18n-attr="placeholder:planForm.noteExample" data-testid="plan-note" id="plan-note"></textarea></label>
  </fieldset>
  <div class="actions">
    <button type="button" class="danger" data-testid="btn-plan-call-off" id="btn-plan-call-off" data-i18n="planForm.callOff" hidden></button>
    <button type="button" data-testid="btn-plan-back" id="btn-plan-back" data-i18n="common.back"></button>
    <button type="submit" class="primary" data-testid="btn-plan-save" id="btn-plan-save"></button>
  </div>
</form>`;
