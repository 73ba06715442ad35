// The referee's weekly game form and the night's check-in, made when the control page loads its views
// (weeklyform.js, checkin.js). Words come from the catalog (data-i18n).

export const weeklyForm = `
<form class="setup weekly-form" data-testid="weekly-form" id="weekly-form" aria-labelledby="weekly-title" hidden>
  <h2 id="weekly-title"></h2>
  <div class="weekly-list" role="group" data-i18n-attr="aria-label:weekly.games" data-testid="weekly-list" id="weekly-list" hidden></div>
  <fieldset class="format">
    <legend data-i18n="weekly.everyWeek"></legend>
    <label class="half"><span data-i18n="planForm.day"></span> <select data-testid="weekly-day" id="weekly-day"></select></label>
    <label class="half"><span data-i18n="planForm.time"></span> <input type="time" required data-testid="weekly-time" id="weekly-time"></label>
    <p class="zone" data-testid="weekly-zone" id="weekly-zone"></p>
  </fieldset>
  <fieldset class="format">
    <legend data-i18n="planForm.whereHowMany"></legend>
    <label><span data-i18n="planForm.players"></span> <input type="number" inputmode="numeric" min="2" max="40" value="10" required
      data-testid="weekly-capacity" id="weekly-capacity"></label>
    <label class="wide"><span data-i18n="planForm.place"></span> <input type="text" maxlength="100" autocomplete="off"
      data-i18n-attr="placeholder:planForm.placeExample" data-testid="weekly-place" id="weekly-place"></label>
    <label class="full"><span data-i18n="planForm.note"></span> <textarea maxlength="500" rows="2"
      data-i18n-attr="placeholder:planForm.noteExample" data-testid="weekly-note" id="weekly-note"></textarea></label>
  </fieldset>
  <fieldset class="format">
    <legend data-i18n="weekly.signUp"></legend>
    <label class="half"><span data-i18n="weekly.opensDays"></span> <input type="number" inputmode="decimal" min="0.1" max="28"
      step="any" value="6" data-testid="weekly-opens" id="weekly-opens"></label>
    <label class="half"><span data-i18n="weekly.remindersHours"></span> <input type="text" inputmode="decimal" placeholder="48, 3"
      autocomplete="off" data-testid="weekly-reminders" id="weekly-reminders"></label>
    <label class="full check"><input type="checkbox" data-testid="weekly-regulars" id="weekly-regulars">
      <span data-i18n="weekly.regularsFirst"></span></label>
    <label class="third head"><span data-i18n="weekly.headHours"></span> <input type="number" inputmode="decimal" min="0.1" step="any"
      value="24" data-testid="weekly-head" id="weekly-head"></label>
    <label class="third"><span data-i18n="weekly.orPlayed"></span> <input type="number" inputmode="numeric" min="1" max="20"
      placeholder="3" data-testid="weekly-played" id="weekly-played"></label>
    <label class="third"><span data-i18n="weekly.ofLast"></span> <input type="number" inputmode="numeric" min="1" max="20"
      placeholder="5" data-testid="weekly-of-last" id="weekly-of-last"></label>
  </fieldset>
  <div class="actions">
    <button type="button" class="danger" data-testid="btn-weekly-end" id="btn-weekly-end" data-i18n="weekly.end" hidden></button>
    <button type="button" data-testid="btn-weekly-back" id="btn-weekly-back" data-i18n="common.back"></button>
    <button type="submit" class="primary" data-testid="btn-weekly-save" id="btn-weekly-save"></button>
  </div>
</form>`;

export const checkInForm = `
<form class="setup checkin" data-testid="checkin" id="checkin" aria-labelledby="checkin-title" hidden>
  <h2 id="checkin-title" data-i18n="checkin.title"></h2>
  <p class="checkin-when" data-testid="checkin-when" id="checkin-when"></p>
  <fieldset class="picks">
    <legend><span data-i18n="checkin.going"></span> <span data-testid="checkin-count" id="checkin-count"></span></legend>
    <div class="pick-list" data-testid="checkin-going" id="checkin-going"></div>
  </fieldset>
  <fieldset class="picks" data-testid="checkin-waiting-set" id="checkin-waiting-set">
    <legend><span data-i18n="checkin.waiting"></span> <span data-i18n="checkin.waitingHint"></span></legend>
    <div class="pick-list" data-testid="checkin-waiting" id="checkin-waiting"></div>
  </fieldset>
  <fieldset class="picks">
    <legend><span data-i18n="checkin.walkIns"></span> <span data-i18n="checkin.walkInsHint"></span></legend>
    <div class="pick-list" data-testid="checkin-walkins" id="checkin-walkins"></div>
    <details class="others" data-testid="checkin-others-box" id="checkin-others-box">
      <summary data-i18n="checkin.others"></summary>
      <div class="pick-list" data-testid="checkin-others" id="checkin-others"></div>
    </details>
    <div class="guest-row">
      <input type="text" maxlength="40" autocomplete="off" data-i18n-attr="placeholder:checkin.newName;aria-label:checkin.newName"
        data-testid="walkin-name" id="walkin-name">
      <button type="button" data-testid="btn-walkin-add" id="btn-walkin-add" data-i18n="checkin.add"></button>
    </div>
  </fieldset>
  <div class="actions">
    <button type="button" data-testid="btn-checkin-back" id="btn-checkin-back" data-i18n="common.back"></button>
    <button type="button" data-testid="btn-checkin-save" id="btn-checkin-save" data-i18n="common.save"></button>
    <button type="button" class="primary" data-testid="btn-checkin-teams" id="btn-checkin-teams"></button>
  </div>
</form>`;
