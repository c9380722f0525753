import type { Page } from 'playwright-core';

/**
 * What a person looking at the page would call wrong, from what the browser drew: the page wider than
 * the screen, a control (link, button) under something else, a word or token broken inside, a table
 * with a column out of view, wrapped command lines that read as lines of their own, a code block
 * without a copy button, something fixed on the screen over the text. Checked at several scroll positions of the page,
 * within `scope` (an overlay such as an open menu: what it covers is meant to be covered).
 */
export function lookAt(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate(async (scope) => {
    const area = document.querySelector(scope) ?? document.body;
    const problems = new Set<string>();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const root = document.scrollingElement ?? document.documentElement;
    // A phone lays a page wider than its screen out at that width and shows it zoomed out (innerWidth
    // grows with it): the screen's own width is the one to fit.
    const screenWidth = Math.min(innerWidth, screen.width);
    if (root.scrollWidth > screenWidth + 1)
      problems.add(`the page scrolls sideways: ${root.scrollWidth}px on a ${screenWidth}px screen`);

    // A word or code token split over two lines, anywhere in the text (a code block's long line may wrap,
    // but not inside a token that would fit on a line of its own).
    const TEXT =
      'h1, h2, h3, h4, h5, p, li, td, th, dt, dd, code, .tas-nav a, .tas-nav strong, .api-content span, .api-content div, .tas-prerender *';
    for (const el of area.querySelectorAll(TEXT)) {
      if (el.closest('pre, .menu-content, [data-testid="right-panel"], [role="tablist"]')) continue;
      const width = el.getBoundingClientRect().width;
      for (const node of el.childNodes) {
        if (!(node instanceof Text)) continue;
        // A line may end after a hyphen or a slash (career-/interest, /record/{token}/): not inside a word.
        for (const m of node.data.matchAll(/[^\s/-]+[/-]?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.bottom)));
          const whole = rects.reduce((sum, r) => sum + r.width, 0);
          // A token wider than its whole line must break: only one that would fit is "broken inside".
          if (lines.size > 1 && whole < width) problems.add(`a word broken inside: "${m[0]}" in ${name(el)}`);
        }
      }
    }

    // Every column of a table in view: a table wider than its box hides its later columns (rows are
    // stacked as cards where they do not fit).
    for (const table of area.querySelectorAll('table')) {
      if (table.closest('pre, [data-testid="right-panel"]')) continue;
      const box = table.closest('.table-wrap') ?? table;
      if (box.scrollWidth > box.clientWidth + 1 || table.getBoundingClientRect().right > innerWidth + 1)
        problems.add(`a table with columns out of view: ${name(table)} (${box.scrollWidth}px in ${box.clientWidth}px)`);
    }

    // A code block whose long lines wrap shows which lines are one: each command line is its own
    // block, and its wrapped part is indented under it.
    for (const pre of area.querySelectorAll('main pre')) {
      const code = pre.querySelector('code');
      if (!code || code.scrollHeight <= 0) continue;
      const lineHeight = Number.parseFloat(getComputedStyle(code).lineHeight) || 18;
      const drawn = Math.round(code.getBoundingClientRect().height / lineHeight);
      const written = (code.textContent ?? '').replace(/\n$/, '').split('\n').length;
      if (drawn > written && !code.querySelector('.line'))
        problems.add(`a code block whose wrapped lines read as lines of their own: ${name(pre)}`);
    }

    // A code block of the guide has a copy button.
    for (const pre of area.querySelectorAll('main pre:not(.answer)'))
      if (!pre.previousElementSibling?.matches('button.copy'))
        problems.add(`a code block with no copy button: ${name(pre)}`);

    // Controls under something else, at up to 12 places from the top of the page to its end; one covered
    // there is looked at again scrolled to the middle of the screen, as a person would scroll to reach it.
    const controls = [...area.querySelectorAll('a[href], button, summary, input, select, [role="button"]')];
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const coverOf = (control: Element) => {
      const r = control.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
        return undefined;
      const style = getComputedStyle(control);
      if (style.visibility !== 'visible' || style.pointerEvents === 'none' || Number(style.opacity) === 0)
        return undefined;
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return at && at !== control && !control.contains(at) && !at.contains(control) ? at : undefined;
    };
    const end = Math.max(0, root.scrollHeight - innerHeight);
    const stops = [...new Set(Array.from({ length: 12 }, (_, i) => Math.round((end * i) / 11)))];
    const covered = new Set<Element>();
    for (const y of stops) {
      scrollTo(0, y);
      await frame();
      for (const control of controls) if (coverOf(control)) covered.add(control);
    }
    for (const control of covered) {
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      await frame();
      const at = coverOf(control);
      if (at) problems.add(`${name(control)} is covered by ${name(at)}`);
    }
    // Nothing fixed on the screen (a floating button) over the text, at any of the places looked at.
    const floating = [...document.querySelectorAll('body *')].filter((el) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return (
        style.position === 'fixed' &&
        style.visibility === 'visible' &&
        r.width > 0 &&
        r.width * r.height < innerWidth * innerHeight * 0.25
      );
    });
    const texts = [...area.querySelectorAll('p, li, td, h1, h2, h3, h4, h5, pre')].filter(
      (el) => !floating.some((f) => f.contains(el)),
    );
    for (const y of stops) {
      scrollTo(0, y);
      await frame();
      for (const f of floating) {
        const r = f.getBoundingClientRect();
        const under = texts.find((t) =>
          [...t.getClientRects()].some(
            (q) => q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top,
          ),
        );
        if (under) problems.add(`${name(f)} covers text: ${name(under)}`);
      }
    }
    scrollTo(0, 0);
    return [...problems];
  }, scope);
}
