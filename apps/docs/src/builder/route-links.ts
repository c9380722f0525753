/**
 * Redoc 3 routes by the page's hash (a click on "Record states" goes to `reference.html#/section/record-states`)
 * but writes its links as root paths (`href="/section/record-states"`): opened in a new tab, copied or
 * reloaded, such a link is a 404 on a static host. Its links are rewritten to the hash they route to, in the
 * markup the build writes and whenever Redoc draws or redraws one (its click handler does not read the
 * attribute, so a click still scrolls in place).
 */
export const ROUTE_PATH = /href="\/(?!\/)([^"]*)"/g;

/** The rendered markup's root-path links as hash links. */
export function hashLinks(html: string): string {
  return html.replace(ROUTE_PATH, (_, path: string) => `href="#/${path}"`);
}

export const ROUTE_LINKS_SCRIPT = `<script>(function(){
function fix(a){var h=a.getAttribute("href");if(h&&h.charAt(0)==="/"&&h.charAt(1)!=="/")a.setAttribute("href","#"+h)}
function all(n){if(n.nodeType!==1)return;if(n.tagName==="A")fix(n);var l=n.querySelectorAll("a[href^='/']");for(var i=0;i<l.length;i++)fix(l[i])}
document.addEventListener("DOMContentLoaded",function(){all(document.body);new MutationObserver(function(ms){ms.forEach(function(m){if(m.type==="attributes")fix(m.target);else m.addedNodes.forEach(all)})}).observe(document.body,{subtree:true,childList:true,attributes:true,attributeFilter:["href"]})})})()</script>`;
