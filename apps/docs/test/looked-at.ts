import type { Page } from 'playwright-core';

/**
 * What a person looking at the page would call wrong, from what the browser drew: the page wider than
 * the screen, a control (link, button) under something else, a word broken inside in a heading or the
 * bar, a table cut off with no sign that it scrolls. Checked at several scroll positions of the page,
 * within `scope` (an overlay such as an open menu: what it covers is meant to be covered).
 */
export function lookAt(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate(async (scope) => {
    const area = document.querySelector(scope) ?? document.body;
    const problems = new Set<string>();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > innerWidth + 1)
      problems.add(`the page scrolls sideways: ${root.scrollWidth}px on a ${innerWidth}px screen`);

    // A word split over two lines: a heading's or the bar's text (a long code value in a cell may break).
    for (const el of area.querySelectorAll('h1, h2, h3, h4, h5, .tas-nav a, .tas-nav strong')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const m of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1) problems.add(`a word broken inside: "${m[0]}" in ${name(el)}`);
        }
      }
    }

    // A table wider than its box scrolls inside it, and shows so (a shadow on the side that has more).
    for (const wrap of area.querySelectorAll('.table-wrap')) {
      if (wrap.scrollWidth <= wrap.clientWidth + 1) continue;
      const style = getComputedStyle(wrap);
      if (!['auto', 'scroll'].includes(style.overflowX)) problems.add(`a table cut off: ${name(wrap)}`);
      else if (!style.backgroundImage.includes('gradient'))
        problems.add(`a table that scrolls without a sign of it: ${name(wrap)}`);
    }

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
    scrollTo(0, 0);
    return [...problems];
  }, scope);
}
