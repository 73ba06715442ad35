"""The organiser's phone for the Chromium tests of organising: held upright on the control link, its clock in New
York's time while gatherd's is the pitch's, with a share sheet and a clipboard that keep what they are given."""

from __future__ import annotations

import json

from scoreboard_support import js_text, testid, wait_online

PORTRAIT = (390, 844)

#: Runs before the page's scripts: a phone's share sheet and clipboard, each keeping what it was given.
SPIES_JS = """
window.__shared = [];
window.__copied = [];
navigator.share = async (data) => { window.__shared.push(data); };
if (navigator.clipboard) navigator.clipboard.writeText = async (text) => { window.__copied.push(text); };
"""

#: What the organising views show, for failure messages.
ORGANISE_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {mode: t('mode'), notice: t('notice'), zone: t('plan-zone'), share: t('share-title'), "
    "message: t('share-message'), count: t('checkin-count'), plans: t('plan-list'), "
    "setup: document.getElementById('setup-title')?.textContent}; })()"
)


class OrganiserPhone:
    """For a PageCase: the organiser's phone and the waits that say what the organising views show."""

    def phone(self):
        """The referee's phone, held upright, on the control link; its clock set to New York's time."""
        page = self.browser.new_page(width=PORTRAIT[0], height=PORTRAIT[1], mobile=True)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.send("Emulation.setTimezoneOverride", {"timezoneId": "America/New_York"})
        page.send("Page.addScriptToEvaluateOnNewDocument", {"source": SPIES_JS})
        page.navigate(self.daemon.control_url())
        wait_online(page)
        page.wait_for(f"{js_text('mode')} === 'control'", "the control page", state=ORGANISE_JS)
        return page

    def wait(self, page, condition: str, what: str, timeout: float = 5.0) -> None:
        page.wait_for(condition, what, timeout=timeout, state=ORGANISE_JS)

    def focused(self, page) -> str | None:
        """The test id of the element with the focus."""
        return page.evaluate("document.activeElement?.dataset.testid ?? null")

    def set_value(self, page, name: str, value: str) -> None:
        """Sets a date or time input as its picker does (an input event follows)."""
        page.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(testid(name))}); "
                      f"e.value = {json.dumps(value)}; e.dispatchEvent(new Event('input', {{bubbles: true}})); }})()")
