// A player's views' markup, made when a sign-up or vote link's page loads its views (players.js): the sign-up view
// of a plan's link, that link after its plan, and the man-of-the-match vote. Words come from the catalog.

export const signUpView = `
<section class="signup" data-testid="signup" id="signup" aria-labelledby="signup-when" hidden>
  <header class="signup-head">
    <p class="signup-kicker" data-i18n="plans.title"></p>
    <h2 data-testid="signup-when" id="signup-when"></h2>
    <p class="signup-place" data-testid="signup-place" id="signup-place"></p>
    <p class="signup-counts" data-testid="signup-counts" id="signup-counts"></p>
    <p class="signup-note" data-testid="signup-note" id="signup-note"></p>
    <p class="signup-terms" data-testid="signup-terms" id="signup-terms" hidden></p>
    <div class="signup-lists" data-testid="signup-lists" id="signup-lists"></div>
  </header>
  <p class="signup-result" role="status" data-testid="signup-result" id="signup-result"></p>
  <p class="owed" data-testid="signup-owed" id="signup-owed" hidden></p>
  <section class="signup-outcome" data-testid="signup-outcome" id="signup-outcome" aria-live="polite" hidden>
    <p class="outcome-score" data-testid="outcome-score" id="outcome-score" hidden>
      <span class="team-a" data-testid="outcome-name-a" id="outcome-name-a"></span>
      <span class="outcome-numbers" data-testid="outcome-numbers" id="outcome-numbers"></span>
      <span class="team-b" data-testid="outcome-name-b" id="outcome-name-b"></span></p>
    <p class="outcome-detail" data-testid="outcome-detail" id="outcome-detail"></p>
    <p class="vote-result" data-kind="winner" data-testid="outcome-motm" id="outcome-motm" hidden></p>
    <div class="card outcome-next" data-testid="outcome-next" id="outcome-next" hidden>
      <h3 data-i18n="outcome.next"></h3>
      <p class="outcome-next-when" data-testid="outcome-next-when" id="outcome-next-when"></p>
      <p class="outcome-next-counts" data-testid="outcome-next-counts" id="outcome-next-counts"></p>
      <p class="outcome-next-how" data-i18n="outcome.nextHow"></p>
    </div>
  </section>
  <fieldset class="who" data-testid="signup-who" id="signup-who">
    <legend data-i18n="signup.who"></legend>
    <div class="who-list" data-testid="signup-names" id="signup-names"></div>
  </fieldset>
  <form class="guest" data-testid="guest-form" id="guest-form" hidden>
    <label for="guest-name" id="guest-label"></label>
    <div class="guest-row">
      <input type="text" maxlength="40" autocomplete="name" data-i18n-attr="placeholder:signup.yourName" data-testid="guest-name" id="guest-name">
      <button type="submit" data-testid="btn-guest" id="btn-guest" data-i18n="signup.addMe"></button>
    </div>
  </form>
  <div class="signup-answer" data-testid="signup-answer" id="signup-answer" hidden>
    <p class="signup-you" data-testid="signup-you" id="signup-you"></p>
    <div class="answer-buttons">
      <button type="button" class="yes" data-testid="btn-in" id="btn-in" data-i18n="signup.in"></button>
      <button type="button" class="no" data-testid="btn-out" id="btn-out" data-i18n="signup.out"></button>
    </div>
  </div>
</section>`;

export const voteView = `
<section class="vote" data-testid="vote" id="vote" aria-labelledby="vote-title" hidden>
  <header class="vote-head">
    <p class="signup-kicker" data-i18n="vote.kicker"></p>
    <h2 data-testid="vote-title" id="vote-title"></h2>
    <p class="vote-when" data-testid="vote-when" id="vote-when"></p>
    <p class="vote-counts" data-testid="vote-counts" id="vote-counts"></p>
  </header>
  <p class="vote-result" role="status" data-testid="vote-result" id="vote-result"></p>
  <p class="owed" data-testid="vote-owed" id="vote-owed" hidden></p>
  <button type="button" class="vote-switch" data-testid="btn-vote-switch" id="btn-vote-switch" hidden></button>
  <fieldset class="who" data-testid="vote-who" id="vote-who" hidden>
    <legend data-testid="vote-step" id="vote-step"></legend>
    <div class="who-list" data-testid="vote-names" id="vote-names"></div>
  </fieldset>
  <div class="signup-answer" data-testid="vote-confirm" id="vote-confirm" hidden>
    <p class="signup-you" data-testid="vote-you" id="vote-you"></p>
    <div class="answer-buttons">
      <button type="button" class="no" data-testid="btn-vote-back" id="btn-vote-back" data-i18n="vote.pickAgain"></button>
      <button type="button" class="yes" data-testid="btn-vote" id="btn-vote"></button>
    </div>
  </div>
</section>`;
