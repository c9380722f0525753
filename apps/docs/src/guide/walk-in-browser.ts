/**
 * The guide's section that walks the journeys in the page (src/tryit/journeys.ts): its buttons load the
 * Try-it code on the first click (the loader is in the page's head, src/builder/tryit.ts).
 */
export function walkInBrowserSection(): string {
  return `<h2 id="walk-in-browser">Walk the journeys in your browser</h2>
<p>The same journeys, step by step in this page: each step's request is prefilled from the answers before it (the
record's token, the <code>draft_token</code>, the code from the sandbox's SMS outbox, the questionnaire's option ids),
you may edit it, then send it. Every answer is checked against the description. Choose the hosted sandbox or mock where this
site names them, or a sandbox or mock you started on your machine (<code>http://localhost:&lt;port&gt;</code>). On the mock,
each step says what the mock cannot do (it keeps no state and has no SMS outbox). The key is kept for this tab only.</p>
<p class="tas-walk-buttons"><button type="button" class="tas-tryit-open" data-tryit="journey:sms">Walk the SMS journey</button>
<button type="button" class="tas-tryit-open" data-tryit="journey:roadmap">Walk the roadmap journey</button></p>
<p>Every operation of the <a href="reference.html">API reference</a> has a "Try it" button too, with the sandbox's
helpers beside it (a ready record, a roadmap, the SMS code of a mobile, the VIP action, the clock).</p>`;
}
